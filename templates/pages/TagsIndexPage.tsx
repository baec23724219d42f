import type { PageOf, TagsIndexData } from '../shared/types.ts';
import { Link } from '../shell/Link.tsx';

export function TagsIndexPage({ page }: { page: PageOf<'tags-index'> }) {
  const { tags } = page.data;
  const byLetter = new Map<string, TagsIndexData['tags']>();
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toUpperCase();
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), tag]);
  }
  return (
    <main id="__main" className="page-main" tabIndex={-1}>
      <h1>Tags</h1>
      {[...byLetter].map(([letter, list]) => (
        <section key={letter} className="tags-letter">
          <h2 id={`letter-${letter.toLowerCase()}`}>{letter}</h2>
          <ul className="tag-list">
            {list.map((t) => (
              <li key={t.path}>
                <Link href={t.path} className="tag">
                  {t.label}
                  <span className="tag-count">{t.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

import type { PageOf } from '../shared/types.ts';
import { Link } from '../shell/Link.tsx';

export function TagPage({ page }: { page: PageOf<'tag'> }) {
  const data = page.data;
  return (
    <main id="__main" className="page-main" tabIndex={-1}>
      <h1>{page.title}</h1>
      <Link href={data.allTagsPath}>View all tags</Link>
      <ul className="card-list">
        {data.docs.map((doc) => (
          <li key={doc.path} className="card">
            <Link href={doc.path}>
              <h2 className="card-title">{doc.title}</h2>
            </Link>
            {doc.description && <p>{doc.description}</p>}
          </li>
        ))}
      </ul>
    </main>
  );
}

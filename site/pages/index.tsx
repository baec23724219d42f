import { Link } from '@portal/theme/shell/Link.tsx';

export const meta = { title: 'Tessera API Portal', description: 'Guides and API reference for developers building on Tessera.' };

const areas = [
  { title: 'API reference', to: '/docs/category/product-api', text: 'Orders, invoices, customers, products and every other resource of the Tessera REST API.' },
  { title: 'Themes', to: '/docs/themes/intro', text: 'Build storefront themes with Liquid: layouts, templates, settings and the theme CLI.' },
  { title: 'Contacts', to: '/docs/contact/intro', text: 'Manage customers, vendors, activity and reminders through the API.' },
];

/** Home: the tagline and the three ways in. */
export default function Home() {
  return (
    <main id="__main" className="home" tabIndex={-1}>
      <header className="hero">
        <h1 className="hero-title">Tessera API Portal</h1>
        <p className="hero-tagline">Hi, How can we help?</p>
      </header>
      <ul className="card-grid home-areas">
        {areas.map((a) => (
          <li key={a.to} className="card">
            <Link href={a.to}>
              <h2 className="card-title">{a.title}</h2>
              <p>{a.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

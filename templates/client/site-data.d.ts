declare module 'portal:site-data' {
  const site: import('../shared/types.ts').SiteData;
  export default site;
}

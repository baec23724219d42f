declare module 'portal:site-data' {
  const site: import('../types.ts').SiteData;
  export default site;
}

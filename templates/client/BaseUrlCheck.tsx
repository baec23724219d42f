/**
 * spec §8 "Misconfigured base URL": when the page is served outside the configured base URL, its scripts and
 * styles (all under the base URL) fail to load, so the check is an inline script with inline styles. It
 * runs while the page is parsed and adds a banner before the React root (never inside it). A site served
 * at `/` cannot be misconfigured this way, so there it renders nothing.
 */
export function BaseUrlCheck({ baseUrl }: { baseUrl: string }) {
  if (baseUrl === '/') return null;
  return <script dangerouslySetInnerHTML={{ __html: baseUrlCheckScript(baseUrl) }} />;
}

/** The inline script. The suggested base URL is the served path minus the route path (from the boot data). */
export function baseUrlCheckScript(baseUrl: string): string {
  const body = `var p=location.pathname;if(p.indexOf(b)===0||p+'/'===b)return;
document.addEventListener('DOMContentLoaded',function(){
if(document.getElementById('portal-base-url-banner'))return;
var r='/',s='',q=p.replace(/(index)?\\.html$/,'').replace(/\\/+$/,'');
try{r=JSON.parse(document.getElementById('__PORTAL_DATA__').textContent).path}catch(e){}
if(r==='/')s=q+'/';else if(r!=='/404'&&q.slice(-r.length)===r)s=q.slice(0,q.length-r.length)+'/';
var d=document.createElement('div');d.id='portal-base-url-banner';d.setAttribute('role','alert');
d.style.cssText='padding:1rem 1.5rem;background:#fdecea;color:#5f1412;border-bottom:3px solid #c0262d;font:16px/1.5 system-ui,sans-serif';
var t=document.createElement('strong');t.textContent='This site did not load properly.';
var m=document.createElement('p');m.style.margin='.25rem 0 0';
m.textContent='A common reason is a wrong base URL: the site is configured with baseUrl = "'+b+'" but is served from "'+p+'". Check the baseUrl setting in portal.config.ts'+(s?'; we suggest baseUrl = "'+s+'".':' against the path the site is served under.');
d.append(t,m);document.body.prepend(d)})`;
  return `(function(b){${body.replace(/\n/g, '')}})(${JSON.stringify(baseUrl).replace(/</g, '\\u003c')})`;
}

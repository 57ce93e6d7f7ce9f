import { chromium } from 'playwright-core';
import http from 'node:http';
const srv = http.createServer((q,r)=>{r.setHeader('content-type','text/html'); r.end('<html><body><h1>x</h1><input type=file><div contenteditable>hi</div><script>for(let i=0;i<1000;i++){const d=document.createElement("div");d.textContent="row"+i;document.body.appendChild(d)}</script></body></html>')}).listen(0);
const port = srv.address().port;
const extra = (process.env.XARGS||'').split(' ').filter(Boolean);
const b=await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox','--disable-background-networking','--disable-component-update','--no-first-run','--disable-gpu',...extra]});
const mode = process.env.MODE||'ctx';
const cpu0 = process.cpuUsage(); const t0=Date.now();
let shared = mode==='page' ? await b.newContext() : null;
for (let i=0;i<20;i++){
  const c = shared ?? await b.newContext();
  const p = await c.newPage();
  await p.goto(`http://127.0.0.1:${port}/a`); await p.goto(`http://127.0.0.1:${port}/b`);
  await p.locator('h1').waitFor();
  if (shared) await p.close(); else await c.close();
}
console.log(mode, extra.join(' '), 'wall', Date.now()-t0);
await b.close(); srv.close();

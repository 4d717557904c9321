/**
 * The stored-XSS corpus: well-known payloads for rich-text fields and for plain ones, shared by
 * the public pages' test (tests/e2e/public-xss.test.ts, written straight upstream), the settings'
 * and issue 50's new states' test (tests/e2e/public-xss-settings.test.ts), the typeset cover's
 * (tests/e2e/placeholder-cover.test.ts) and the attack suite (tests/hard/admin-xss.test.ts, saved
 * through the admin forms).
 */

/** What a payload runs: an alert or a global flag, both carrying the payload's number. */
export const js = (n: number) => (n % 2 ? `alert(${n})` : `top.__xss=${n}`);
export const b64 = (text: string) => Buffer.from(text).toString("base64");
const entities = (text: string, hex = false) => [...text].map((char) => (hex ? `&#x${char.charCodeAt(0).toString(16)};` : `&#${char.charCodeAt(0)};`)).join("");
const paddedEntities = (text: string) => [...text].map((char) => `&#${String(char.charCodeAt(0)).padStart(7, "0")}`).join("");

/** Rich-text payloads; each gets its number so that a run that fires says which one it was. */
export const RICH_PAYLOADS: Array<(n: number) => string> = [
  (n) => `<script>${js(n)}</script>`,
  (n) => `<SCRIPT>${js(n)}</SCRIPT>`,
  (n) => `<script src="data:text/javascript,${js(n)}"></script>`,
  (n) => `<img src=x onerror=${js(n)}>`,
  (n) => `<img src="x" onerror="${js(n)}">`,
  (n) => `<IMG SRC=x OnErRoR=${js(n)}>`,
  (n) => `<img src=x onerror="${entities(js(n))}">`,
  (n) => `<img src="javascript:${js(n)}">`,
  (n) => `<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${js(n)}'/>">`,
  (n) => `<svg onload=${js(n)}>`,
  (n) => `<svg><script>${js(n)}</script></svg>`,
  (n) => `<svg><animate onbegin=${js(n)} attributeName=x dur=1s>`,
  (n) => `<svg><a xlink:href="javascript:${js(n)}"><text x="20" y="20">klik</text></a></svg>`,
  (n) => `<svg><a><set attributeName="href" to="javascript:${js(n)}"/><text y="20">klik</text></a></svg>`,
  (n) => `<svg><style><img src=x onerror=${js(n)}></style></svg>`,
  (n) => `<body onload=${js(n)}>`,
  (n) => `<iframe src="javascript:${js(n)}"></iframe>`,
  (n) => `<iframe srcdoc="&lt;script&gt;${js(n)}&lt;/script&gt;"></iframe>`,
  (n) => `<iframe src="data:text/html,<script>${js(n)}</script>"></iframe>`,
  (n) => `<object data="javascript:${js(n)}"></object>`,
  (n) => `<object data="data:text/html;base64,${b64(`<script>${js(n)}</script>`)}"></object>`,
  (n) => `<embed src="javascript:${js(n)}">`,
  (n) => `<embed src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js(n)}"/>`)}">`,
  (n) => `<a href="javascript:${js(n)}">klik</a>`,
  (n) => `<a href="JaVaScRiPt:${js(n)}">klik</a>`,
  (n) => `<a href="${entities("javascript:")}${js(n)}">klik</a>`,
  (n) => `<a href="${entities("javascript:", true)}${js(n)}">klik</a>`,
  (n) => `<a href="${paddedEntities("javascript:")}${js(n)}">klik</a>`,
  (n) => `<a href="java&#x09;script:${js(n)}">klik</a>`,
  (n) => `<a href="jav&#x0A;ascript:${js(n)}">klik</a>`,
  (n) => `<a href=" &#14; javascript:${js(n)}">klik</a>`,
  (n) => `<a href="javascript&colon;${js(n)}">klik</a>`,
  (n) => `<a href="javascript:%61lert(${n})">klik</a>`,
  (n) => `<a href="data:text/html;base64,${b64(`<script>${js(n)}</script>`)}">klik</a>`,
  (n) => `<a href="#" onclick="${js(n)}">klik</a>`,
  (n) => `<a href="https://contoh.example/" onmouseover="${js(n)}">arahkan</a>`,
  (n) => `<p onmouseover=${js(n)}>arahkan</p>`,
  (n) => `<span onclick=${js(n)}>klik</span>`,
  (n) => `<strong tabindex=1 onfocus=${js(n)}>fokus</strong>`,
  (n) => `<div tabindex=1 onfocusin=${js(n)}>fokus</div>`,
  (n) => `<xss onpointerover=${js(n)} style=display:block>arahkan</xss>`,
  (n) => `<p style="animation-name:spin;animation-duration:1s" onanimationstart=${js(n)}>animasi</p>`,
  (n) => `<input autofocus onfocus=${js(n)}>`,
  (n) => `<select autofocus onfocus=${js(n)}></select>`,
  (n) => `<textarea autofocus onfocus=${js(n)}></textarea>`,
  (n) => `<details open ontoggle=${js(n)}>`,
  (n) => `<video><source onerror=${js(n)}></video>`,
  (n) => `<audio src=x onerror=${js(n)}>`,
  (n) => `<marquee onstart=${js(n)}>jalan</marquee>`,
  (n) => `<input type=image src=x onerror=${js(n)}>`,
  (n) => `<form action="javascript:${js(n)}"><button>kirim</button></form>`,
  (n) => `<form><button formaction="javascript:${js(n)}">kirim</button></form>`,
  (n) => `<table background="javascript:${js(n)}"><tr><td onmouseover=${js(n)}>sel</td></tr></table>`,
  (n) => `<div style="background:url(javascript:${js(n)})">latar</div>`,
  (n) => `<div style="width: expression(${js(n)})">ekspresi</div>`,
  (n) => `<style>@import 'javascript:${js(n)}';*{background:url("javascript:${js(n)}")}</style>`,
  (n) => `<link rel="stylesheet" href="javascript:${js(n)}">`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:${js(n)}">`,
  (n) => `<base href="javascript:${js(n)}//"><a href="/halaman">tautan</a>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=${js(n)}></style></mglyph></table></mtext></math>`,
  (n) => `<math><mi xlink:href="javascript:${js(n)}">klik</mi></math>`,
  (n) => `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src=x onerror=${js(n)}>"></style></h1></mtext></math>`,
  (n) => `<template><img src=x onerror=${js(n)}></template>`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=${js(n)}>"></noscript>`,
  (n) => `<!--<img src="--><img src=x onerror=${js(n)}//">`,
  (n) => `<![CDATA[<script>${js(n)}</script>]]>`,
  (n) => `<scr<script>ipt>${js(n)}</scr</script>ipt>`,
  (n) => `<<script>script>${js(n)}<</script>/script>`,
  (n) => `"><script>${js(n)}</script>`,
  (n) => `'><img src=x onerror=${js(n)}>`,
  (n) => `</textarea></title></style><script>${js(n)}</script>`,
  (n) => `<img """><script>${js(n)}</script>">`,
  (n) => `<img src=x onerror=eval(atob('${b64(js(n))}'))>`,
  (n) => `<a href="https://contoh.example/" target="_blank" rel="opener">tab baru</a><img src=x onerror=${js(n)}//`,
  (n) => `<img src=x onerror=${js(n)}//`,
];

/** Payloads for plain-text fields (titles, names, addresses, settings): they must show as text, never run. */
export const PLAIN_PAYLOADS: Array<(n: number) => string> = [
  (n) => `<script>${js(n)}</script>`,
  (n) => `"><img src=x onerror=${js(n)}>`,
  (n) => `</title><script>${js(n)}</script>`,
  (n) => `<svg onload=${js(n)}>`,
  (n) => `javascript:${js(n)}`,
  (n) => `'-${js(n)}-'`,
  (n) => `</script><script>${js(n)}</script>`,
  (n) => `{{constructor.constructor('${js(n)}')()}}`,
  (n) => `<img src=x onerror=${js(n)}>`,
  (n) => `\u2028</script><script>${js(n)}</script>`,
  (n) => `<a href="javascript:${js(n)}">klik</a>`,
  (n) => `<iframe src="javascript:${js(n)}">`,
  (n) => `<details open ontoggle=${js(n)}>`,
];

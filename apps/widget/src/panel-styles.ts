// Everything lives in the shadow root: nothing here can reach the host page, and the host's
// stylesheets cannot reach in. Colours come from the bot's widgetConfig through custom properties.
export const panelCss = `
[hidden]{display:none!important}
.panel{position:absolute;bottom:72px;width:380px;max-width:calc(100vw - 40px);height:min(620px,calc(100vh - 120px));display:flex;flex-direction:column;overflow:hidden;border-radius:16px;background:var(--aw-bg);color:var(--aw-text);box-shadow:0 18px 50px rgba(15,23,42,.28);border:1px solid var(--aw-border);font:inherit;opacity:0;transform:translateY(8px) scale(.98);transform-origin:bottom right;transition:opacity .16s ease,transform .16s ease;visibility:hidden}
.left .panel{left:0;transform-origin:bottom left}.right .panel{right:0}
.open .panel{opacity:1;transform:none;visibility:visible}
.frame{--aw-primary:#1e40af;--aw-primary-text:#1e40af;--aw-text:#1f2937;--aw-bg:#fff;--aw-soft:#f8fafc;--aw-border:#e2e8f0;--aw-muted:#64748b;--aw-bubble:#fff;--aw-input:#fff}
.frame.dark{--aw-bg:#0f172a;--aw-soft:#111c33;--aw-border:#1e293b;--aw-muted:#94a3b8;--aw-bubble:#1e293b;--aw-input:#0b1324;--aw-text:#e2e8f0 !important;color:#e2e8f0}
header{display:flex;align-items:center;gap:10px;padding:12px;padding-inline-start:16px;background:var(--aw-primary);color:var(--aw-on-primary,#fff);flex:none}
.avatar{flex:none;width:34px;height:34px;border-radius:50%;background:rgba(255,255,255,.2);display:flex;align-items:center;justify-content:center}
.avatar svg{width:18px;height:18px}
.title{flex:1;min-width:0}
.title h2{margin:0;font-size:15px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.title p{margin:0;font-size:12px}
.icon{all:unset;box-sizing:border-box;flex:none;width:34px;height:34px;border-radius:8px;display:flex;align-items:center;justify-content:center;cursor:pointer;color:inherit}
.icon:hover{background:rgba(255,255,255,.16)}
.icon svg{width:18px;height:18px}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:2px solid var(--aw-focus,#2563eb);outline-offset:2px}
header button:focus-visible{outline-color:currentColor}
.log{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:16px;background:var(--aw-soft);display:flex;flex-direction:column;gap:12px}
.msg{display:flex;flex-direction:column;max-width:86%}
.msg.bot{align-self:flex-start}.msg.me{align-self:flex-end;align-items:flex-end}
.bubble{padding:9px 13px;border-radius:14px;overflow-wrap:anywhere;word-break:break-word}
.bubble.words{word-break:keep-all}
.bubble,.bubble :is(p,li,blockquote),.starters button,textarea{unicode-bidi:plaintext;text-align:start}
.bot .bubble{background:var(--aw-bubble);color:var(--aw-text);border:1px solid var(--aw-border);border-end-start-radius:4px}
.me .bubble{background:var(--aw-primary);color:var(--aw-on-primary,#fff);border-end-end-radius:4px;white-space:pre-wrap}
.bubble p{margin:0 0 8px}.bubble p:last-child{margin-bottom:0}
.bubble ul,.bubble ol{margin:4px 0 8px;padding-inline-start:20px}
.bubble a{color:inherit;text-decoration:underline}
.bubble code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;background:rgba(100,116,139,.15);padding:1px 4px;border-radius:4px}
.bubble pre{margin:6px 0;padding:8px;overflow-x:auto;background:rgba(100,116,139,.15);border-radius:8px}
.bubble pre code{background:none;padding:0}
.sources{margin-top:6px;font-size:12px;color:var(--aw-muted)}
.sources strong{display:block;font-weight:600;margin-bottom:2px}
.sources ol{margin:0;padding-inline-start:18px}
.sources li{margin:2px 0;overflow-wrap:anywhere}
.sources a{color:var(--aw-primary-text);text-decoration:underline}
.dark .sources a{color:#93c5fd}
.tools{display:flex;align-items:center;gap:4px;margin-top:4px;color:var(--aw-muted);font-size:12px}
.thumb{all:unset;box-sizing:border-box;width:28px;height:28px;border-radius:6px;display:flex;align-items:center;justify-content:center;cursor:pointer;color:var(--aw-muted)}
.thumb:hover{background:var(--aw-border)}
.thumb[aria-pressed=true]{color:var(--aw-primary-text);background:var(--aw-border)}
.dark .thumb[aria-pressed=true]{color:#93c5fd}
.thumb svg{width:15px;height:15px}
.comment{display:flex;gap:6px;margin-top:6px;width:100%}
.comment input{flex:1;min-width:0}
.starters{display:flex;flex-wrap:wrap;gap:8px}
.chip{all:unset;box-sizing:border-box;cursor:pointer;padding:6px 12px;border-radius:999px;border:1px solid var(--aw-primary-text);color:var(--aw-primary-text);background:var(--aw-bg);font-size:13px;line-height:1.35;max-width:100%;overflow-wrap:anywhere}
.dark .chip{color:#bfdbfe;border-color:#475569}
.chip:hover{background:var(--aw-border)}
.typing{display:inline-flex;gap:4px;padding:12px 14px}
.typing i{width:7px;height:7px;border-radius:50%;background:var(--aw-muted);animation:aw-blink 1.2s infinite ease-in-out}
.typing i:nth-child(2){animation-delay:.2s}.typing i:nth-child(3){animation-delay:.4s}
@keyframes aw-blink{0%,80%,100%{opacity:.25}40%{opacity:1}}
.notice{align-self:center;text-align:center;font-size:13px;color:var(--aw-muted);padding:4px 8px}
.notice.error{color:#b91c1c}.dark .notice.error{color:#fca5a5}
.panel.compact{height:auto}
.compact .log{min-height:180px}
.unavailable{margin:auto;text-align:center;color:var(--aw-muted);padding:24px}
.unavailable svg{width:36px;height:36px;margin-bottom:8px;opacity:.7}
form.compose{display:flex;gap:8px;align-items:flex-end;padding:10px 12px;border-top:1px solid var(--aw-border);background:var(--aw-bg);flex:none}
textarea,input{font:inherit;font-size:15px;color:var(--aw-text);background:var(--aw-input);border:1px solid var(--aw-border);border-radius:10px;padding:9px 11px;width:100%;box-sizing:border-box;margin:0}
textarea{resize:none;max-height:120px;min-height:40px;line-height:1.4}
textarea::placeholder,input::placeholder{color:var(--aw-muted)}
.send{all:unset;box-sizing:border-box;flex:none;width:40px;height:40px;border-radius:10px;display:flex;align-items:center;justify-content:center;background:var(--aw-button);color:var(--aw-on-button,#fff);cursor:pointer}
.send[disabled]{opacity:.5;cursor:default}
.send svg{width:18px;height:18px}
[dir=rtl] .send svg{transform:scaleX(-1)}
.btn{all:unset;box-sizing:border-box;cursor:pointer;padding:8px 14px;border-radius:10px;background:var(--aw-button);color:var(--aw-on-button,#fff);font-size:14px;font-weight:600;text-align:center}
.btn.ghost{background:none;color:var(--aw-muted);font-weight:500}
.btn[disabled]{opacity:.6;cursor:default}
.lead{align-self:stretch;background:var(--aw-bg);border:1px solid var(--aw-border);border-radius:14px;padding:14px;display:flex;flex-direction:column;gap:10px}
.lead h3{margin:0;font-size:15px;font-weight:600}
.lead p{margin:0;font-size:13px;color:var(--aw-muted)}
.field{display:flex;flex-direction:column;gap:4px;font-size:13px;font-weight:500}
.field .err{color:#b91c1c;font-weight:400}
.dark .field .err{color:#fca5a5}
[aria-invalid=true]{border-color:#dc2626}
.consent{display:flex;gap:8px;align-items:flex-start;font-size:13px;font-weight:400}
.consent input{width:16px;height:16px;margin-top:2px;flex:none;accent-color:var(--aw-button)}
.row{display:flex;gap:8px;justify-content:flex-end}
footer{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:0 12px 8px;background:var(--aw-bg);font-size:11px;color:var(--aw-muted);flex:none}
.link{all:unset;cursor:pointer;color:var(--aw-muted);text-decoration:underline;font-size:12px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){
.open.frame{inset:0}
.panel{position:fixed;inset:0;top:var(--aw-vv-top,0);bottom:auto;width:100%;max-width:none;height:var(--aw-vv-height,100%);border-radius:0;border:0}
.open .launcher{display:none}
textarea,input{font-size:16px}
}
@media (prefers-reduced-motion:reduce){.panel{transition:none}.typing i{animation:none;opacity:.6}}
`;

/**
 * A salon's own website for the widget's e2e: a plain page on another site (another loopback
 * address), with a careless theme's CSS and its analytics listening for the widget's events.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { WIDGET_EVENTS } from '@belleza/contract';

/**
 * A salon's page: its own hostile CSS, its analytics listening for the widget's events before the
 * async script ran, and the snippet. `?bare` leaves the snippet out (the heap baseline);
 * `?frame` also frames the app by hand, as someone bypassing the widget would.
 */
function hostPage(appUrl: string, url: URL): string {
  const snippet = url.searchParams.has('bare')
    ? ''
    : `<script src="${appUrl}/widget.js" async data-lang="es" data-position="right" data-color="#8b2f4f" data-label="Consulta en vivo" data-subject="hair_care"></script>`;
  const byHand = url.searchParams.has('frame')
    ? `<iframe id="by-hand" src="${appUrl}/embed?host=${encodeURIComponent(url.origin)}&lang=es" style="all:initial !important;display:block !important;width:300px !important;height:200px !important"></iframe>`
    : '';
  return `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Salón Rosa</title>
    <style>
      body, body * { all: unset !important; }
      body { display: block !important; font: 16px serif !important; }
      button, iframe { display: none !important; }
      div { position: static !important; z-index: 0 !important; }
    </style>
    <script>
      window.hostEvents = [];
      for (const name of ${JSON.stringify(WIDGET_EVENTS)})
        window.addEventListener('bellezaenvivo:' + name, (e) => window.hostEvents.push({ name, detail: e.detail }));
      window.keysBefore = Object.keys(window);
    </script>
  </head>
  <body>
    <h1>Salón Rosa</h1>
    <p>Cortes, color y peinados en Miraflores.</p>
    ${byHand}
    ${snippet}
  </body>
</html>`;
}

/** Serves the host page on `host:port`; over HTTPS with `tls` (a certificate for its name). */
export async function startHostSite(
  host: string,
  port: number,
  appUrl: string,
  tls?: { cert: string; key: string },
): Promise<Server> {
  const scheme = tls ? 'https' : 'http';
  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', `${scheme}://${req.headers.host ?? `${host}:${port}`}`);
    if (url.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(appUrl, url));
  };
  const site = tls ? createTlsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => site.listen(port, host, resolve));
  return site;
}

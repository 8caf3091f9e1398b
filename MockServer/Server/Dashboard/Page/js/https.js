// HTTPS: the TLS port, its CA to download, the names its certificate covers, a curl line that
// trusts the CA, and the certificate faults (each its own listener), from the catalog's `https`
// object. Without it, one line says how to turn HTTPS on. Every URL sits in a read-only field
// with a Copy button, as the fault builder's does (the fallback when the clipboard API is
// missing, on an http:// page reached over the LAN, selects the field).
import { copyText, h } from './dom.js';

/** `url` as a phone must write it: a loopback host becomes a placeholder for the LAN address. */
function onTheLAN(url) {
  try {
    const parsed = new URL(url);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) return url;
    return `${parsed.protocol}//<your LAN address>${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return url;
  }
}

export class HTTPSPanel {
  constructor() {
    this.body = document.getElementById('https-body');
    this.announce = document.getElementById('https-copied');
  }

  /** Shows the catalog's `https` part, or how to turn HTTPS on when it has none. */
  show(catalog) {
    const https = catalog.https;
    if (!https || typeof https.url !== 'string') {
      this.body.replaceChildren(h('p', { className: 'hint', id: 'https-off' },
        'HTTPS is off. Start the server with ', h('code', {}, 'mockserver --tls-port 8443'),
        ' to serve every route over TLS too, with a CA of its own and certificate faults to test against.'));
      return;
    }
    const hosts = Array.isArray(https.hosts) ? https.hosts : [];
    const faults = Array.isArray(https.faults) ? https.faults : [];
    this.body.replaceChildren(
      h('p', { className: 'hint' },
        'Every route of the main port, over TLS. The Offline switch closes it too; the fault listeners stay open.'),
      this.copyField('https-url', 'TLS URL', https.url),
      h('div', { className: 'field' },
        h('span', { className: 'label' }, 'CA certificate'),
        h('div', { className: 'inline' },
          h('a', { href: https.caURL, download: 'ca.pem', id: 'https-ca' }, 'Download ca.pem'),
          h('span', { className: 'hint' }, 'Trust it once in a simulator, device or browser.')),
        this.trustGuide(https.caURL)),
      h('div', { className: 'field' },
        h('span', { className: 'label', id: 'https-hosts-label' }, 'Certificate covers'),
        h('ul', { className: 'hosts', 'aria-labelledby': 'https-hosts-label' },
          hosts.map((host) => h('li', {}, h('code', {}, host))))),
      this.copyField('https-curl', 'curl example', https.curl),
      this.faultTable(faults));
  }

  /**
   * How to trust the CA on each platform, folded under one summary (a native disclosure: Enter
   * or Space opens it). The commands name the file as the link above saves it, `ca.pem`; the
   * device step names the server's own CA URL, which a phone opens in its browser.
   */
  trustGuide(caURL) {
    const step = (platform, ...how) => h('li', {}, h('strong', {}, platform), ': ', ...how);
    const command = (text) => h('code', { className: 'command' }, text);
    return h('details', { className: 'trust', id: 'https-trust' },
      h('summary', {}, 'How to trust the CA'),
      h('ul', { 'aria-label': 'How to trust the CA on each platform' },
        step('iOS Simulator', command('xcrun simctl keychain booted add-root-cert ca.pem')),
        step('iPhone or iPad', 'start the server with ', command('--host 0.0.0.0 --tls-host <your LAN address>'),
          ', open ', command(onTheLAN(caURL)),
          ' in Safari, install the profile (Settings › General › VPN & Device Management), then turn on full trust',
          ' (Settings › General › About › Certificate Trust Settings)'),
        step('macOS', command('security add-trusted-cert -r trustRoot -k ~/Library/Keychains/login.keychain-db ca.pem')),
        step('Linux', command('sudo cp ca.pem /usr/local/share/ca-certificates/testbed-mockserver.crt && sudo update-ca-certificates'),
          '; Chrome and Chromium: ', command('certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n testbed-mockserver -i ca.pem')),
        step('Android', command('adb push ca.pem /sdcard/Download/'),
          ', then Settings › Security › Install a certificate › CA certificate; the app\'s debug build must trust user CAs',
          ' (network security config, see docs/HTTPS.md)')),
      h('p', { className: 'hint' }, 'Remove it when you are done: whoever reads the CA\'s key could issue certificates your device trusts.'));
  }

  /** A labelled read-only field holding `value`, with a Copy button. */
  copyField(id, label, value) {
    const input = h('input', { id, type: 'text', readonly: true, spellcheck: 'false', value });
    return h('div', { className: 'field' },
      h('label', { for: id }, label),
      h('div', { className: 'inline' }, input, this.copyButton(`Copy the ${label}`, value, input)));
  }

  copyButton(name, value, input) {
    return h('button', {
      type: 'button', 'aria-label': name,
      onclick: async (event) => {
        const button = event.currentTarget;
        const copied = await copyText(value, input);
        button.textContent = copied ? 'Copied' : 'Copy';
        this.announce.textContent = copied ? `Copied ${value}` : 'Could not copy: select the text and copy it';
        setTimeout(() => { button.textContent = 'Copy'; }, 1500);
      },
    }, 'Copy');
  }

  /** The certificate faults: name, URL (copyable), what a client meets, curl's exit code. */
  faultTable(faults) {
    // Explicit roles: the narrow layout turns rows into cards, which must stay a table.
    return h('table', { className: 'tls-faults', role: 'table' },
      h('caption', {}, 'Certificate faults'),
      h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' },
        ['Fault', 'URL', 'What the client meets', 'curl exit'].map((title) =>
          h('th', { scope: 'col', role: 'columnheader' }, title)))),
      h('tbody', { role: 'rowgroup' }, faults.map((fault) => this.faultRow(fault))));
  }

  faultRow(fault) {
    // The description ends with "(curl exit N …)": the exit code has a column of its own, and
    // what follows the number (e.g. "at --max-time") goes there with it.
    const match = /\s*\(curl exit (\d+)([^)]*)\)\s*$/.exec(fault.description ?? '');
    const text = match ? fault.description.slice(0, match.index) : (fault.description ?? '');
    const condition = match ? match[2].trim() : '';
    const input = h('input', {
      type: 'text', readonly: true, spellcheck: 'false', value: fault.url, 'aria-label': `${fault.name} URL`,
    });
    return h('tr', { role: 'row', 'data-fault': fault.name },
      h('th', { scope: 'row', role: 'rowheader' }, h('code', {}, fault.name)),
      h('td', { role: 'cell', className: 'fault-url' },
        h('div', { className: 'inline' }, input, this.copyButton(`Copy the ${fault.name} URL`, fault.url, input))),
      h('td', { role: 'cell' }, text),
      h('td', { role: 'cell', className: 'exit' },
        h('span', { 'data-field': 'exit' }, String(fault.curlExitCode)),
        condition ? h('span', { className: 'hint' }, ` ${condition}`) : null));
  }
}

// Shell-level globals: printing, EJSON, sleep, quit.
(function (g, native) {
  'use strict';
  const hidden = (obj, key, value) =>
    Object.defineProperty(obj, key, { value, enumerable: false, writable: true, configurable: true });
  const print = (...args) => { native.print(args); };
  const printjson = (value) => { native.printjson(value); };
  const EJSON = {
    stringify(value, replacer, space, options) {
      const opts = (space && typeof space === 'object') ? space : (options || {});
      const text = native.ejsonStringify(value, opts.relaxed !== false);
      if (typeof space === 'number' || typeof space === 'string') {
        return JSON.stringify(JSON.parse(text), replacer, space);
      }
      return text;
    },
    parse(text, options = {}) { return native.ejsonParse(String(text), options.relaxed !== false); },
    serialize(value) { return JSON.parse(native.ejsonStringify(value, false)); },
    deserialize(value) { return native.ejsonParse(JSON.stringify(value), true); },
  };
  const exported = {
    print, printjson, EJSON,
    sleep: (ms) => { native.sleep(Number(ms) || 0); },
    quit: () => { native.quit(); },
    exit: () => { native.quit(); },
    version: () => '2.4.2',
  };
  for (const [name, value] of Object.entries(exported)) hidden(g, name, value);
  hidden(g, 'console', Object.assign(g.console || {}, { log: print, info: print, warn: print, error: print, debug: print }));
})(globalThis, __native);

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
  for (const name of Object.keys(exported)) hidden(g, name, exported[name]);
  legacyDates(g);
  hidden(g, 'console', Object.assign(g.console || {}, { log: print, info: print, warn: print, error: print, debug: print }));

  // V8 (and so mongosh) also reads the legacy date forms `08/27/2010`,
  // `2010/08/27`, `Aug 27, 2010` and `27 Aug 2010`, with an optional time,
  // as local time; the engine's own parser knows only ISO strings.
  function legacyDates(g) {
    const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
    const time = '(?:[ T]+(\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?';
    // Compiled on first use: most shells never read a legacy date, and compiling the
    // four patterns was a visible part of building every shell.
    let forms;
    const compileForms = () => [
      [new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${time}$`), (m) => [m[3], m[1] - 1, m[2]]],
      [new RegExp(`^(\\d{4})/(\\d{1,2})/(\\d{1,2})${time}$`), (m) => [m[1], m[2] - 1, m[3]]],
      [new RegExp(`^(?:[a-z]+,?\\s+)?([a-z]{3})[a-z]*\\.?\\s+(\\d{1,2}),?\\s+(\\d{4})${time}$`, 'i'),
        (m) => [m[3], months.indexOf(m[1].toLowerCase()), m[2]]],
      [new RegExp(`^(\\d{1,2})\\s+([a-z]{3})[a-z]*\\.?,?\\s+(\\d{4})${time}$`, 'i'),
        (m) => [m[3], months.indexOf(m[2].toLowerCase()), m[1]]],
    ];
    const legacy = (text) => {
      forms = forms || compileForms();
      for (const [re, ymd] of forms) {
        const m = re.exec(text.trim());
        if (!m) continue;
        const [y, mo, d] = ymd(m);
        if (mo < 0) return undefined;
        return [Number(y), mo, Number(d), Number(m[4] || 0), Number(m[5] || 0), Number(m[6] || 0)];
      }
      return undefined;
    };
    const NativeDate = g.Date;
    const LegacyDate = new Proxy(NativeDate, {
      construct(target, args, newTarget) {
        if (args.length === 1 && typeof args[0] === 'string'
          && Number.isNaN(NativeDate.parse(args[0]))) {
          const parts = legacy(args[0]);
          if (parts) return Reflect.construct(target, parts, newTarget);
        }
        return Reflect.construct(target, args, newTarget);
      },
    });
    hidden(g, 'Date', LegacyDate);
  }
})(globalThis, __native);

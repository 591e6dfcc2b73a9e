// The one thing the pages' pure modules read from the browser when they load: texts.js takes the page's
// language from <html lang>. Imported first by a test, before the module under test.
globalThis.document ??= { documentElement: { lang: process.env.GOLF_PAGE_LANG || "en" } };

// Loaded into a server by `npm run bench:instructions -- --idle-collections`
// (with --expose-gc): on SIGUSR2, three full collections 300 ms apart, made
// while the server is idle, as V8 makes them when it reduces an idle
// process's memory. A collection that finds none of Node's tick objects
// alive frees their hidden classes (src/http/tick-shapes.ts).
process.on('SIGUSR2', () => {
  let made = 0;
  const timer = setInterval(() => {
    globalThis.gc();
    if (++made === 3) clearInterval(timer);
  }, 300);
});

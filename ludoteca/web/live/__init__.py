"""Live tables: each one owned in memory by one process, durable before
anything is acknowledged.

The path of one action, one module each:

- `websocket`: the websocket protocol under uvicorn (RFC 6455: frames read
  and written directly, for every socket of the server);
- `socket`: the table's websockets (a plain ASGI app): handshake, frames in,
  each socket's queue of frames out;
- `actor`: the table's one owner in this process; every change goes through
  its `change`, applied in memory by `changes` (with `clocks`), on the table
  that `table.take` read once;
- `writer` and `store`: one thread per process commits the changes waiting,
  many tables in one transaction, each table's row checked against its owner
  epoch (the fence);
- `frames`: after each committed change, one snapshot and the frames built
  from it once per seat and language;
- `bots`: the bots of a table, asked off the event loop;
- `owners`: which tables this process owns, Redis between processes (takes,
  pages' changes, lobby events; nothing per action), and the sweeper.

Pages stay in `ludoteca.web.play`; a page's one-off change to a table is
`play.actions`.
"""

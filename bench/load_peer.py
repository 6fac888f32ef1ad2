"""The peer: boardgame.io's server running a tiny trick game, for bench/load.py.

`ensure_installed()` installs the npm package `boardgame.io` (pinned) into
``bench/.peer/`` (ignored by git, never committed) and writes a few lines of
JavaScript there: a game where each player in turn plays a card from a hidden
hand (stripped from the other players' views, like Cat in the Box's hands),
four cards make a trick, and the hand is refilled so a match never ends.
`start(port)` runs its server (koa + socket.io, the in-memory store).

Clients speak socket.io (engine.io v4) over a plain websocket: see `PeerSeat`
in bench/load.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

PEER = Path(__file__).resolve().parent / ".peer"
VERSION = "0.50.2"
GAME = "tiny"

PACKAGE = {
    "name": "ludoteca-bench-peer",
    "private": True,
    "dependencies": {"boardgame.io": VERSION},
    # boardgame.io 0.50.2 pulls a koa-compose that breaks its server on start.
    "overrides": {"koa-compose": "4.1.0"},
}

SERVER_JS = """
const { Server } = require('boardgame.io/server');
const { PlayerView, INVALID_MOVE } = require('boardgame.io/core');

const HAND = 10;
const Tiny = {
  name: 'tiny',
  setup: ({ ctx }) => {
    const players = {};
    for (let p = 0; p < ctx.numPlayers; p++) {
      players[p] = { hand: Array.from({ length: HAND }, (_, i) => i + p * HAND) };
    }
    return { players, trick: [], tricks: Array(ctx.numPlayers).fill(0), played: 0 };
  },
  playerView: PlayerView.STRIP_SECRETS,
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G, ctx, playerID }, card) => {
      const hand = G.players[playerID].hand;
      const at = hand.indexOf(card);
      if (at < 0) return INVALID_MOVE;
      hand.splice(at, 1);
      hand.push(card);  // refilled: the match never ends
      G.trick.push(card);
      if (G.trick.length === ctx.numPlayers) {
        G.tricks[Number(playerID)] += 1;
        G.trick = [];
      }
      G.played += 1;
    },
  },
};

const port = Number(process.argv[2]);
Server({ games: [Tiny] }).run(port);
"""


def ensure_installed() -> Path:
    """bench/.peer with boardgame.io installed and the server script written."""
    PEER.mkdir(exist_ok=True)
    (PEER / ".gitignore").write_text("*\n")
    package = PEER / "package.json"
    wanted = json.dumps(PACKAGE, indent=2)
    installed = PEER / "node_modules" / "boardgame.io" / "package.json"
    if not installed.exists() or package.read_text() != wanted:
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed for the boardgame.io peer (--no-peer)")
        package.write_text(wanted)
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=PEER,
            check=True,
        )
    (PEER / "server.js").write_text(SERVER_JS)
    return PEER


def start(port: int, log: Path) -> subprocess.Popen[bytes]:
    peer = ensure_installed()
    out = open(log, "ab")  # noqa: SIM115
    return subprocess.Popen(
        ["node", "server.js", str(port)], cwd=peer, stdout=out, stderr=out
    )

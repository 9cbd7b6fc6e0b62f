"""Fit the learned evaluation: a conditional logit of who wins over every seat's features.

Run from the repository root (numpy needed: ``pip install -r tools/train/requirements.txt``):

    python3 tools/train/fit.py DATA.npz [DATA2.json:WEIGHT ...] [--l2 1.0] [--out catan_core/bots/eval_weights.json]

The data are rows written by ``tools/train/selfplay.py`` (or by ``bench/vs_catanatron_bots.py
--record``, our seat's positions against Catanatron's players): for one position and one viewer,
the features of every seat, and who won (a file may hold more features than this tree's
:data:`~catan_core.bots.features.FEATURES`: those are picked by name). The model gives
seat ``q`` the score ``w . x_q`` and the chance ``exp(score_q) / sum_s exp(score_s)`` to win
(features common to all seats cancel out). Rows of a ``--record`` file come from games of one
of our levels against three Catanatron players, and our level wins more often than its features
alone say: the fit gives them one more column, 1 for the recording seat (``our seat``, fitted
and printed, never written), so that its skill is not credited to whatever it happens to have
more of (development cards, cities). At the start of our seat's turn, where such rows are
taken, ``moves_next`` is that seat too: self-play rows, where every seat is the same player,
fit it. The weights maximise the likelihood of the
winners on the training games, less ``l2 / 2 * |w|^2`` on standardized features (Newton's
method, deterministic: the same data give the same weights). Games whose id ends in the
digit ``--holdout`` (one game in ten) are held out: the script prints the log loss, the
Brier score and how often the favourite won, on both parts and by stage of the game, beside
a baseline that gives the points leader the best chance (its one parameter fitted too), and
each weight with its standard error. With ``--out`` it writes the weights file the game reads
(:mod:`catan_core.bots.model`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from catan_core.bots.features import FEATURES
from catan_core.bots.model import FORMAT, VERSION


def _race(holds: np.ndarray, mine: np.ndarray, race: np.ndarray, least: int) -> tuple[np.ndarray, np.ndarray]:
    behind = np.clip(np.maximum(least - mine, 1 - race), 0, 5)
    return np.where(holds > 0, 0, behind), np.where(holds > 0, race, 0)


def derived(names: list[str], x: np.ndarray) -> tuple[list[str], np.ndarray]:
    """Race features of this tree (``roads_to_longest``, ``road_lead``, ``knights_to_army``,
    ``army_lead``) computed from the holder and race columns of older data files."""
    if "roads_to_longest" in names or "road_race" not in names:
        return names, x
    col = {name: x[:, :, names.index(name)] for name in names}
    to_road, road_lead = _race(col["longest_road"], col["road_length"], col["road_race"], 5)
    to_army, army_lead = _race(col["largest_army"], col["knights_played"], col["army_race"], 3)
    extra = np.stack([to_road, road_lead, to_army, army_lead], axis=2)
    return names + ["roads_to_longest", "road_lead", "knights_to_army", "army_lead"], np.concatenate([x, extra], axis=2)


STAGES = ((0, 20), (20, 40), (40, 60), (60, 80), (80, 10**6))
"""Turn ranges the held-out figures are broken down by."""


def load(paths: list[str], first_games: int | None = None) -> dict[str, np.ndarray]:
    """The rows of every file (``PATH`` or ``PATH:WEIGHT``, each row of the file counting
    ``WEIGHT`` times, default 1), game ids made distinct across files; of the first file only
    its games below ``first_games`` when given."""
    out: dict[str, list[np.ndarray]] = {"x": [], "winner": [], "game": [], "turn": [], "weight": [], "source": []}
    recorded = any(Path(str(spec).partition(":")[0]).suffix == ".json" for spec in paths)
    offset = 0
    for index, spec in enumerate(paths):
        name, _, weight = str(spec).partition(":")
        path = Path(name)
        data = read(path)
        if first_games is not None and spec == paths[0]:
            data = {key: value[data["game"] < first_games] if key != "features" else value for key, value in data.items()}
        names, x = derived(list(data["features"]), data["x"])
        if not set(FEATURES) <= set(names):
            raise SystemExit(f"{path}: lacks features {sorted(set(FEATURES) - set(names))}")
        columns = [names.index(name) for name in FEATURES]
        x = x[:, :, columns].astype(np.float64)
        if recorded:
            ours = np.zeros((*x.shape[:2], 1))
            if path.suffix == ".json":
                ours[np.arange(len(x)), data["viewer"], 0] = 1.0
            x = np.concatenate([x, ours], axis=2)
        out["x"].append(x)
        out["winner"].append(data["winner"])
        out["game"].append(data["game"] + offset)
        out["turn"].append(data["turn"])
        out["weight"].append(np.full(len(data["turn"]), float(weight or 1.0)))
        out["source"].append(np.full(len(data["turn"]), index))
        offset += int(data["game"].max()) + 1
    return {key: np.concatenate(value) for key, value in out.items()}


OUR_SEAT = "our seat"
"""The column :func:`load` adds when a ``--record`` file is among the data (see the module docstring)."""


def read(path: Path) -> dict[str, np.ndarray]:
    """A data file: ``selfplay.py``'s npz, or the JSON of ``bench/vs_catanatron_bots.py --record``."""
    if path.suffix != ".json":
        return dict(np.load(path))
    doc = json.loads(path.read_text(encoding="utf-8"))
    rows = doc["rows"]
    return {
        "features": np.asarray(doc["features"]), "x": np.asarray([r[4] for r in rows], dtype=np.float32),
        "game": np.asarray([r[0] for r in rows], dtype=np.int32), "viewer": np.asarray([r[1] for r in rows], dtype=np.int32),
        "turn": np.asarray([r[2] for r in rows], dtype=np.int32), "winner": np.asarray([r[3] for r in rows], dtype=np.int32),
    }


def probabilities(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    scores = x @ w
    scores -= scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def newton(
    x: np.ndarray, winner: np.ndarray, l2: float, weight: np.ndarray | None = None, iterations: int = 30,
) -> tuple[np.ndarray, np.ndarray]:
    """Weights maximising the penalised likelihood (each row counting ``weight`` times), and
    the inverse Hessian (for standard errors)."""
    n, _, k = x.shape
    weight = np.ones(n) if weight is None else weight
    w = np.zeros(k)
    rows = np.arange(n)
    for _ in range(iterations):
        p = probabilities(x, w) * weight[:, None]
        mean = np.einsum("nq,nqk->nk", p, x)
        grad = (weight[:, None] * x[rows, winner] - mean).sum(axis=0) - l2 * w
        hess = np.einsum("nq,nqk,nql->kl", p, x, x) - (mean / weight[:, None]).T @ mean + l2 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    return w, np.linalg.inv(hess)


def report(name: str, p: np.ndarray, winner: np.ndarray) -> str:
    rows = np.arange(len(winner))
    loss = -np.log(np.clip(p[rows, winner], 1e-12, 1)).mean()
    onehot = np.zeros_like(p)
    onehot[rows, winner] = 1
    brier = ((p - onehot) ** 2).sum(axis=1).mean()
    top = (p.argmax(axis=1) == winner).mean()
    return f"{name:24} rows {len(winner):7}  log loss {loss:.4f}  Brier {brier:.4f}  favourite won {100 * top:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="data files, each PATH or PATH:WEIGHT")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--holdout", type=int, default=0, help="games whose id ends in this digit are held out")
    parser.add_argument("--first-games", type=int, default=None, help="of the first file, use only the games below this id")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--note", default="", help="what the data were, written into the weights file")
    args = parser.parse_args()
    data = load(args.data, args.first_games)
    x, winner, game, turn = data["x"], data["winner"], data["game"], data["turn"]
    test = game % 10 == args.holdout
    mean = x[~test].reshape(-1, x.shape[2]).mean(axis=0)
    scale = x[~test].reshape(-1, x.shape[2]).std(axis=0)
    scale[scale == 0] = 1
    z = (x - mean) / scale
    w_std, cov = newton(z[~test], winner[~test], args.l2, data["weight"][~test])
    w = w_std / scale
    errors = np.sqrt(np.diag(cov)) / scale
    # baseline: the chance grows with public points only
    points = x[:, :, [FEATURES.index("points")]]
    b, _ = newton(points[~test], winner[~test], 0.0)
    print(f"{int((~test).sum())} training rows of {len(np.unique(game[~test]))} games; "
          f"{int(test.sum())} held-out rows of {len(np.unique(game[test]))} games")
    for part, mask in (("training", ~test), ("held out", test)):
        print(report(f"model, {part}", probabilities(x[mask], w), winner[mask]))
        print(report(f"points leader, {part}", probabilities(points[mask], b), winner[mask]))
    if len(args.data) > 1:
        for index, spec in enumerate(args.data):
            mask = test & (data["source"] == index)
            print(report(f"model, held out, file {index + 1}", probabilities(x[mask], w), winner[mask]))
            print(report(f"leader, held out, file {index + 1}", probabilities(points[mask], b), winner[mask]))
    print("held out, by turn:")
    for lo, hi in STAGES:
        mask = test & (turn >= lo) & (turn < hi)
        if mask.any():
            print("  " + report(f"model, turns {lo}-{hi - 1}", probabilities(x[mask], w), winner[mask]))
            print("  " + report(f"leader, turns {lo}-{hi - 1}", probabilities(points[mask], b), winner[mask]))
    print(f"{'feature':22}{'weight':>10}{'std err':>10}{'x sd':>8}")
    names = [*FEATURES, OUR_SEAT][: x.shape[2]]
    for name, wi, ei, si in zip(names, w, errors, scale, strict=True):
        print(f"{name:22}{wi:10.4f}{ei:10.4f}{si:8.2f}")
    if args.out:
        doc = {
            "format": FORMAT, "version": VERSION, "features": list(FEATURES),
            "weights": [round(float(v), 6) for v in w[: len(FEATURES)]],
            "means": [round(float(v), 4) for v in mean[: len(FEATURES)]],
            "note": args.note or f"conditional logit, l2 {args.l2}, {int((~test).sum())} rows",
        }
        args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

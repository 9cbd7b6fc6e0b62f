"""Would a small network beat the conditional logit? A held-out comparison (numpy only).

Run from the repository root:

    python3 tools/train/compare_mlp.py DATA.npz [DATA2.npz ...] [--hidden 16] [--epochs 10] [--batch 4096]
        [--seed 1] [--first-games N]

The same rows, features and held-out games as ``tools/train/fit.py``; the network gives
each seat the score ``w . x + v . tanh(W x + b)`` (the logit plus one hidden layer shared by
the seats, on standardized features) and the chances by the same softmax over seats. It starts
from the fitted logit (``v`` zero), is trained by minibatch Adam from a seeded start, and prints
both models' held-out log loss after every epoch, then the best epoch's. Positions of one game
are strongly correlated, so the network over-fits after a few passes over small data: the best
epoch, not the last, is the comparison.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit import load, newton



def log_loss(scores: np.ndarray, winner: np.ndarray) -> float:
    scores = scores - scores.max(axis=1, keepdims=True)
    logp = scores - np.log(np.exp(scores).sum(axis=1, keepdims=True))
    return float(-logp[np.arange(len(winner)), winner].mean())


def net_scores(params: dict[str, np.ndarray], z: np.ndarray) -> np.ndarray:
    return z @ params["w"] + np.tanh(z @ params["W"] + params["b"]) @ params["v"]


def held_loss(params: dict[str, np.ndarray], z: np.ndarray, winner: np.ndarray, chunk: int = 65536) -> float:
    total = 0.0
    for start in range(0, len(winner), chunk):
        part = slice(start, start + chunk)
        total += log_loss(net_scores(params, z[part]), winner[part]) * len(winner[part])
    return total / len(winner)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-games", type=int, default=None, help="of the first file, use only the games below this id")
    args = parser.parse_args()
    data = load(args.data, args.first_games)
    x, winner, game = data["x"], data["winner"], data["game"]
    test = game % 10 == 0
    flat = x[~test].reshape(-1, x.shape[2])
    mean, scale = flat.mean(axis=0), flat.std(axis=0)
    scale[scale == 0] = 1
    z = ((x - mean) / scale).astype(np.float32)
    ztr, ytr = z[~test], winner[~test]
    zte, yte = z[test], winner[test]
    print(f"{len(ytr)} training rows of {len(np.unique(game[~test]))} games; {len(yte)} held out", flush=True)
    w0, _ = newton(ztr.astype(np.float64), ytr, 1.0)
    logit = log_loss(zte @ w0, yte)
    print(f"logit: held-out log loss {logit:.4f}", flush=True)
    rng = np.random.default_rng(args.seed)
    k, h = z.shape[2], args.hidden
    params = {"w": w0.copy(), "W": rng.normal(0, 0.3, (k, h)), "b": rng.normal(0, 0.3, h), "v": np.zeros(h)}
    moments = {key: (np.zeros_like(p), np.zeros_like(p)) for key, p in params.items()}
    best = (logit, 0)
    step = 0
    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(len(ytr))
        for start in range(0, len(order), args.batch):
            idx = order[start:start + args.batch]
            zb, yb = ztr[idx], ytr[idx]
            rows = np.arange(len(yb))
            hid = np.tanh(zb @ params["W"] + params["b"])
            scores = zb @ params["w"] + hid @ params["v"]
            p = np.exp(scores - scores.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            g = p
            g[rows, yb] -= 1
            g /= len(yb)
            grads = {
                "w": np.einsum("nq,nqk->k", g, zb) + args.l2 * params["w"],
                "v": np.einsum("nq,nqh->h", g, hid) + args.l2 * params["v"],
            }
            dh = g[:, :, None] * params["v"] * (1 - hid**2)
            grads["W"] = np.einsum("nqk,nqh->kh", zb, dh) + args.l2 * params["W"]
            grads["b"] = dh.sum(axis=(0, 1))
            step += 1
            for key in params:
                m, s = moments[key]
                m[:] = 0.9 * m + 0.1 * grads[key]
                s[:] = 0.999 * s + 0.001 * grads[key] ** 2
                params[key] -= args.rate * (m / (1 - 0.9**step)) / (np.sqrt(s / (1 - 0.999**step)) + 1e-8)
        held = held_loss(params, zte, yte)
        print(f"epoch {epoch}: held-out log loss {held:.4f} (logit {logit:.4f})", flush=True)
        if held < best[0]:
            best = (held, epoch)
    print(f"best: epoch {best[1]}, held-out log loss {best[0]:.4f} against the logit's {logit:.4f}")


if __name__ == "__main__":
    main()

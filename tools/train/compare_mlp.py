"""Would a small network beat the conditional logit? A held-out comparison (numpy only).

Run from the repository root:

    python3 tools/train/compare_mlp.py DATA.npz [--hidden 16] [--epochs 300] [--seed 1] [--first-games N]

The same rows, features and held-out games as ``tools/train/fit.py``; the network gives
each seat the score ``w . x + v . tanh(W x + b)`` (the logit plus one hidden layer shared by
the seats, on standardized features) and the chances by the same softmax over seats. It is
trained by full-batch Adam from a seeded start and prints both models' held-out log loss.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-games", type=int, default=None, help="of the first file, use only the games below this id")
    args = parser.parse_args()
    data = load(args.data, args.first_games)
    x, winner, game = data["x"], data["winner"], data["game"]
    test = game % 10 == 0
    flat = x[~test].reshape(-1, x.shape[2])
    mean, scale = flat.mean(axis=0), flat.std(axis=0)
    scale[scale == 0] = 1
    z = (x - mean) / scale
    w0, _ = newton(z[~test], winner[~test], 1.0)
    print(f"logit: held-out log loss {log_loss(z[test] @ w0, winner[test]):.4f}")
    rng = np.random.default_rng(args.seed)
    k, h = z.shape[2], args.hidden
    params = {"w": w0.copy(), "W": rng.normal(0, 0.1, (k, h)), "b": np.zeros(h), "v": np.zeros(h)}
    moments = {key: (np.zeros_like(p), np.zeros_like(p)) for key, p in params.items()}
    ztr, ytr = z[~test], winner[~test]
    rows = np.arange(len(ytr))
    for epoch in range(1, args.epochs + 1):
        hid = np.tanh(ztr @ params["W"] + params["b"])
        scores = ztr @ params["w"] + hid @ params["v"]
        p = np.exp(scores - scores.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        g = p.copy()
        g[rows, ytr] -= 1
        g /= len(ytr)  # d loss / d score
        grads = {
            "w": np.einsum("nq,nqk->k", g, ztr) + args.l2 * params["w"],
            "v": np.einsum("nq,nqh->h", g, hid) + args.l2 * params["v"],
        }
        dh = g[:, :, None] * params["v"] * (1 - hid**2)
        grads["W"] = np.einsum("nqk,nqh->kh", ztr, dh) + args.l2 * params["W"]
        grads["b"] = dh.sum(axis=(0, 1))
        for key in params:
            m, s = moments[key]
            m[:] = 0.9 * m + 0.1 * grads[key]
            s[:] = 0.999 * s + 0.001 * grads[key] ** 2
            params[key] -= args.rate * (m / (1 - 0.9**epoch)) / (np.sqrt(s / (1 - 0.999**epoch)) + 1e-8)
        if epoch % 50 == 0 or epoch == args.epochs:
            hid_t = np.tanh(z[test] @ params["W"] + params["b"])
            held = log_loss(z[test] @ params["w"] + hid_t @ params["v"], winner[test])
            print(f"epoch {epoch}: network training log loss {log_loss(scores, ytr):.4f}, held out {held:.4f}", flush=True)


if __name__ == "__main__":
    main()

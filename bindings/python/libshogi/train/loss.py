"""The elmo loss: the model's win rate sigmoid(value/scale) against a target
that mixes the teacher search's win rate sigmoid(score/scale) (weight λ) with
the game result (weight 1-λ; win 1, draw 0.5, loss 0), as cross-entropy."""

import torch
import torch.nn.functional as F


def elmo_target(score, result, lambda_=0.5, scale=600.0):
    """λ·sigmoid(score/scale) + (1-λ)·(result+1)/2 (side to move's view)."""
    p = torch.sigmoid(score.float() / scale)
    t = (result.float() + 1.0) * 0.5
    return lambda_ * p + (1.0 - lambda_) * t


def elmo_loss(value, score, result, lambda_=0.5, scale=600.0):
    """Mean cross-entropy of sigmoid(value/scale) against elmo_target. The
    cross-entropy is linear in the target, so this equals
    λ·CE(q, p) + (1-λ)·CE(q, t), the elmo mix."""
    return F.binary_cross_entropy_with_logits(value / scale, elmo_target(score, result, lambda_, scale))

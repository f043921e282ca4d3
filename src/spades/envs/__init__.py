"""Environments for reinforcement learning (PettingZoo: :mod:`spades.envs.pettingzoo`).

Nothing is imported here, so ``import spades.envs`` stays light; the
submodules need the ``research`` extra.
"""

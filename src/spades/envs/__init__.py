"""Environments for reinforcement learning: PettingZoo (:mod:`spades.envs.pettingzoo`,
every seat an agent) and Gymnasium (:mod:`spades.envs.gym`, one seat learns, bots play
the others).  For many games at once see :mod:`spades.vec`.

Nothing is imported here, so ``import spades.envs`` stays light; the
submodules need the ``research`` extra.
"""

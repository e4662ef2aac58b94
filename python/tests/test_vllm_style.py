"""A vLLM-style prefix lookup in plain Python, checked against kvc's policy suite: full blocks of
16 tokens hashed as a chain, walked against the cached block hashes of the request's namespace,
and the last prompt token always recomputed."""

import hashlib

import pytest

import kvc.testing

BLOCK_SIZE = 16


def block_hashes(namespace, tokens, *, limit):
    """The chained hashes of the full blocks among the first ``limit`` tokens: each block's hash
    covers its parent's, so a block matches only if every block before it does too. The namespace
    seeds the chain, as vLLM's extra keys (LoRA, cache salt) do."""
    parent = hashlib.sha256(repr(namespace).encode()).digest()
    hashes = []
    for start in range(0, limit - limit % BLOCK_SIZE, BLOCK_SIZE):
        block = ",".join(str(int(t)) for t in tokens[start:start + BLOCK_SIZE]).encode()
        parent = hashlib.sha256(parent + block).digest()
        hashes.append(parent)
    return hashes


def make_engine(recompute_last_token=True):
    def num_cached_tokens(cache_ns, request_ns, cached, requested):
        # The engine's cache: the block hashes the cached sequence left behind, per namespace.
        cached_blocks = {(cache_ns, h) for h in block_hashes(cache_ns, cached, limit=len(cached))}
        # vLLM stops one short of the prompt so the last token's logits are computed.
        limit = max(len(requested) - 1, 0) if recompute_last_token else len(requested)
        hits = 0
        for h in block_hashes(request_ns, requested, limit=limit):
            if (request_ns, h) not in cached_blocks:
                break
            hits += 1
        return hits * BLOCK_SIZE
    return num_cached_tokens


VLLM_POLICY = kvc.testing.suites.prefix_reuse_under(block_size=16, recompute_last_token=True)


def test_vllm_style_lookup_conforms_under_its_policy():
    kvc.testing.assert_conforms(VLLM_POLICY, make_engine())


def test_without_the_last_token_recompute_it_fails():
    engine = make_engine(recompute_last_token=False)
    with pytest.raises(AssertionError) as error:
        kvc.testing.assert_conforms(VLLM_POLICY, engine)
    # A request that is entirely cached, in whole blocks: the engine reuses all of it.
    assert 'fixture "whole request of 16 cached": inputs (' in str(error.value)
    assert "), actual 16, expected 0" in str(error.value)
    assert 'fixture "request of 32 ends at the prefix": inputs (' in str(error.value)
    assert "), actual 32, expected 16" in str(error.value)


def test_it_is_wrong_for_the_exact_policy():
    assert not kvc.testing.check(kvc.testing.suites.prefix_reuse, make_engine()).passed()


@kvc.testing.parametrize(VLLM_POLICY)
def test_each_fixture(fixture):
    assert make_engine()(*fixture.inputs) == fixture.expected

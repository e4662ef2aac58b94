"""kvc's stateful reference models: kvc::model::prefix_cache, kvc::model::slot_allocator and
kvc::model::block_pool, and the shadow kvc.testing.stateful.block_pool_machine judges a pool with.

    cache = kvc.model.PrefixCache()            # up to 64 sequences of up to 64 tokens
    cache.insert("llama", [1, 2, 3])
    cache.lookup("llama", [1, 2, 9], block_size=1, recompute_last_token=False)  # 2
    allocator = kvc.model.SlotAllocator(16)   # whole grants or none
    allocator.try_reserve(request=7, n=4)     # True
    pool = kvc.model.BlockPool(num_blocks=8, block_size=4)
    pool.allocate(1, 0, [1, 2, 3, 4, 5])      # 0 tokens cached; blocks [0, 1]
    pool.free(1); pool.allocate(2, 0, [1, 2, 3, 4, 9])   # 4: the first block is still cached

kvc.testing.stateful runs them beside your own cache or allocator.
"""

from ._kvc.model import BlockPool, BlockPoolShadow, PrefixCache, SlotAllocator

__all__ = ["BlockPool", "BlockPoolShadow", "PrefixCache", "SlotAllocator"]

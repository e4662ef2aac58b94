"""kvc's stateful reference models: kvc::model::prefix_cache and kvc::model::slot_allocator.

    cache = kvc.model.PrefixCache()            # up to 64 sequences of up to 64 tokens
    cache.insert("llama", [1, 2, 3])
    cache.lookup("llama", [1, 2, 9], block_size=1, recompute_last_token=False)  # 2
    allocator = kvc.model.SlotAllocator(16)   # whole grants or none
    allocator.try_reserve(request=7, n=4)     # True

kvc.testing.stateful runs them beside your own cache or allocator.
"""

from ._kvc.model import PrefixCache, SlotAllocator

__all__ = ["PrefixCache", "SlotAllocator"]

"""Paged KV block pools in plain Python, for kvc's block pool machine: correct ones, which must
pass, and the same vLLM-style pool with one bug each put back in, which must fail.

Every pool has the adapter kvc drives (the names the spec fixes):
``allocate(request, namespace, tokens) -> Optional[int]`` (the reused token count, None when
refused), ``append(request, tokens) -> bool``, ``free(request)``, ``free_blocks() -> int``,
``block_table(request) -> list[int]``, ``fork(parent, child) -> bool`` and
``reset_prefix_cache() -> bool``; it is made by ``factory(num_blocks, block_size)``.

- ``VllmStyleBlockPool`` is written the way vLLM v1 keeps its blocks (``BlockPool`` and
  ``KVCacheManager``): ``KVCacheBlock``s with a reference count and a block hash, a doubly linked
  ``FreeKVCacheBlockQueue`` of the blocks no request holds (least recently freed first, evicted from
  the front), a ``cached_block_hash_to_block`` dict, hashes chained through the parent block, and a
  request's blocks freed tail first, so that the tail of a sequence is evicted before its head.
  Block ids are 1..num_blocks: block 0 is the null block, as in vLLM. As in vLLM, a new block is
  the front of the free queue, cached or not (it may evict while an uncached block is free: the
  checker follows each block's content, so that is still exact). As in vLLM, among blocks of equal
  content a hit takes the first one cached, held or not (kvc's exact mode then accepts a refusal
  that only a held copy would have avoided).
- ``DictLruBlockPool`` is a second correct pool in another style: the content key of a block is the
  whole ``(namespace, token prefix)``, the evictable blocks are an ``OrderedDict`` LRU, a free
  uncached block is always used before a cached one is evicted, and a request's blocks are freed
  head first (so its head can be evicted while its tail stays cached: hits then stop at the gap).

Each factory carries ``recompute_last_token``: the reuse policy the pool is correct under (with the
pool's own block size; vLLM: the last prompt token is always recomputed).

Pure Python, no kvc import: tests import it as ``from block_pool_engines import ...`` (pytest puts
this directory on sys.path, as python/tests has no __init__.py).
"""

from collections import OrderedDict, defaultdict, deque
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


# ------------------------------------------------------------------------------------------------
# vLLM v1 style: KVCacheBlock, FreeKVCacheBlockQueue, BlockPool, KVCacheManager, and the adapter.
# ------------------------------------------------------------------------------------------------

# Every bug VllmStyleBlockPool can be built with, each described where BUGGY_POOLS names it.
BUGS = (
    "ref_on_finishing_block",
    "stale_hash_on_evict",
    "phantom_hits_after_reset",
    "used_count_drift",
    "never_releases",
    "hit_past_evicted_block",
    "evicted_left_in_dict",
    "double_free",
    "ref_count_wraps",
    "evicts_referenced_block",
    "hash_without_parent",
    "hash_without_namespace",
    "hit_past_first_miss",
    "partial_alloc_on_refusal",
    "fork_without_ref",
    "append_not_atomic",
    "reset_while_live",
    "hash_token_magnitude",
    "hash_namespace_low_16",
    "ref_count_wraps_16",
    "fork_child_loses_namespace",
    "refused_fork_registers_child",
)


class KVCacheBlock:
    """One KV block: its id, how many live requests hold it, the hash of its content while it is
    cached (None otherwise), and its links in the free block queue (None while not in it)."""

    __slots__ = ("block_id", "ref_cnt", "block_hash", "prev_free_block", "next_free_block",
                 "is_null")

    def __init__(self, block_id: int):
        self.block_id = block_id
        self.ref_cnt = 0
        self.block_hash: Optional[tuple] = None
        self.prev_free_block: Optional["KVCacheBlock"] = None
        self.next_free_block: Optional["KVCacheBlock"] = None
        self.is_null = False

    def reset_hash(self) -> None:
        self.block_hash = None

    def __repr__(self) -> str:
        return (f"KVCacheBlock(block_id={self.block_id}, ref_cnt={self.ref_cnt}, "
                f"cached={self.block_hash is not None})")


class FreeKVCacheBlockQueue:
    """The blocks no request holds, as a doubly linked list between two sentinels: O(1) popleft
    (the next block to hand out, evicting its content if cached), remove (a free cached block hit
    by a request) and append (a block freed, the most recently used at the tail)."""

    def __init__(self, blocks: Sequence[KVCacheBlock]):
        self.num_free_blocks = 0
        self.fake_head = KVCacheBlock(-1)
        self.fake_tail = KVCacheBlock(-2)
        self.fake_head.next_free_block = self.fake_tail
        self.fake_tail.prev_free_block = self.fake_head
        for block in blocks:
            self.append(block)

    @staticmethod
    def contains(block: KVCacheBlock) -> bool:
        return block.prev_free_block is not None

    def popleft(self) -> KVCacheBlock:
        first = self.fake_head.next_free_block
        if first is self.fake_tail:
            raise ValueError("no free blocks available")
        self.remove(first)
        return first

    def remove(self, block: KVCacheBlock) -> None:
        if block.prev_free_block is None or block.next_free_block is None:
            raise RuntimeError(f"remove() called on a block not in the free queue: {block}")
        block.prev_free_block.next_free_block = block.next_free_block
        block.next_free_block.prev_free_block = block.prev_free_block
        block.prev_free_block = block.next_free_block = None
        self.num_free_blocks -= 1

    def append(self, block: KVCacheBlock) -> None:
        if block.prev_free_block is not None:
            raise RuntimeError(f"append() called on a block already in the free queue: {block}")
        last = self.fake_tail.prev_free_block
        last.next_free_block = block
        block.prev_free_block = last
        block.next_free_block = self.fake_tail
        self.fake_tail.prev_free_block = block
        self.num_free_blocks += 1

    def get_all_free_blocks(self) -> List[KVCacheBlock]:
        blocks = []
        block = self.fake_head.next_free_block
        while block is not self.fake_tail:
            blocks.append(block)
            block = block.next_free_block
        return blocks


class BlockPool:
    """The blocks, the free queue and the prefix cache (block hash -> {block_id: block}: two blocks
    may hold equal content, e.g. a block recomputed because the last prompt token always is)."""

    def __init__(self, num_blocks: int, bug: Optional[str] = None):
        # The correct pool raises on a queue operation that its own bookkeeping makes
        # impossible (as vLLM does); a pool with a bug skips it, so that the bug shows as a wrong
        # answer to the checker (a hit, a table, free_blocks()) rather than as an exception.
        self.bug = bug
        # One more than asked: block 0 is the null block, never handed out and never counted.
        self.num_gpu_blocks = num_blocks + 1
        self.blocks = [KVCacheBlock(i) for i in range(self.num_gpu_blocks)]
        self.free_block_queue = FreeKVCacheBlockQueue(self.blocks)
        self.null_block = self.free_block_queue.popleft()
        self.null_block.is_null = True
        self.cached_block_hash_to_block: Dict[tuple, Dict[int, KVCacheBlock]] = defaultdict(dict)
        # used_count_drift keeps its own count of the blocks in use instead of the queue's length.
        self.num_used_blocks = 0

    # --- the reference count (ref_count_wraps keeps it in two bits) ---
    def _incr_ref(self, block: KVCacheBlock) -> None:
        block.ref_cnt += 1
        if self.bug == "ref_count_wraps":
            block.ref_cnt &= 3
        if self.bug == "ref_count_wraps_16":
            block.ref_cnt &= 15

    def _decr_ref(self, block: KVCacheBlock) -> None:
        block.ref_cnt -= 1
        if self.bug == "ref_count_wraps":
            block.ref_cnt &= 3
        if self.bug == "ref_count_wraps_16":
            block.ref_cnt &= 15

    def get_num_free_blocks(self) -> int:
        if self.bug == "used_count_drift":
            return self.num_gpu_blocks - 1 - self.num_used_blocks
        return self.free_block_queue.num_free_blocks

    def get_cached_block(self, block_hash: tuple) -> Optional[KVCacheBlock]:
        """A block holding this content: the first one cached, as vLLM's ``get_cached_block``."""
        blocks = self.cached_block_hash_to_block.get(block_hash)
        if not blocks:
            return None
        return next(iter(blocks.values()))

    def touch(self, blocks: Iterable[KVCacheBlock]) -> None:
        """Takes a reference on blocks a request reuses; a free one leaves the free queue."""
        for block in blocks:
            if block.ref_cnt == 0 and not block.is_null:
                if self.bug is not None and not self.free_block_queue.contains(block):
                    pass  # e.g. its count wrapped to 0 while held (see BlockPool.__init__)
                else:
                    self.free_block_queue.remove(block)
                    self.num_used_blocks += 1
            self._incr_ref(block)

    def free_blocks(self, ordered_blocks: Iterable[KVCacheBlock]) -> None:
        """Drops one reference on each block; those no request holds any more join the free queue
        in the order given (the first is evicted first)."""
        for block in ordered_blocks:
            self._decr_ref(block)
            if block.ref_cnt == 0 and not block.is_null:
                if self.bug is not None and self.free_block_queue.contains(block):
                    continue  # (see BlockPool.__init__)
                self.free_block_queue.append(block)
                if self.bug == "used_count_drift" and block.block_hash is not None:
                    continue  # the bug: "still in the cache", so still counted as used
                self.num_used_blocks -= 1

    def _maybe_evict_cached_block(self, block: KVCacheBlock) -> bool:
        """A block about to be handed out loses its cached content (hash and dict entry)."""
        block_hash = block.block_hash
        if block_hash is None:
            return False
        if self.bug != "evicted_left_in_dict":
            blocks_by_id = self.cached_block_hash_to_block.get(block_hash)
            if blocks_by_id is not None:
                blocks_by_id.pop(block.block_id, None)
                if not blocks_by_id:
                    del self.cached_block_hash_to_block[block_hash]
        if self.bug != "stale_hash_on_evict":
            block.reset_hash()
        return True

    def get_new_blocks(self, num_blocks: int) -> List[KVCacheBlock]:
        if num_blocks > self.get_num_free_blocks():
            raise ValueError(f"cannot get {num_blocks} free blocks from the pool")
        ret = []
        for _ in range(num_blocks):
            head = self.free_block_queue.fake_head.next_free_block
            if (self.bug == "evicts_referenced_block" and head.block_hash is not None
                    and self.cached_block_hash_to_block):
                # The bug: "evict the least recently cached block", found in the cache dict, whether
                # or not a request still holds it.
                block = next(iter(next(iter(self.cached_block_hash_to_block.values())).values()))
                if self.free_block_queue.contains(block):
                    self.free_block_queue.remove(block)
            else:
                block = self.free_block_queue.popleft()
            self._maybe_evict_cached_block(block)
            if self.bug is None:
                assert block.ref_cnt == 0, block
            self._incr_ref(block)
            self.num_used_blocks += 1
            ret.append(block)
        return ret

    def cache_full_blocks(self, blocks: Sequence[KVCacheBlock], block_hashes: Sequence[tuple],
                          num_cached_blocks: int, num_full_blocks: int) -> None:
        """Caches a request's blocks num_cached_blocks..num_full_blocks-1, now full."""
        for i in range(num_cached_blocks, num_full_blocks):
            block = blocks[i]
            if block.block_hash is None:  # a block already cached keeps its hash
                block.block_hash = block_hashes[i]
            self.cached_block_hash_to_block[block.block_hash][block.block_id] = block

    def reset_prefix_cache(self) -> bool:
        num_used_blocks = self.num_gpu_blocks - self.get_num_free_blocks()
        if num_used_blocks != 1 and self.bug != "reset_while_live":  # 1: the null block
            return False
        if self.bug != "phantom_hits_after_reset":
            self.cached_block_hash_to_block = defaultdict(dict)
        for block in self.blocks:
            block.reset_hash()
        return True


class Request:
    """What the manager knows of a request: its namespace (vLLM's extra keys: LoRA, cache salt),
    its tokens and the chained hashes of its full blocks."""

    def __init__(self, request_id: int, namespace: int, tokens: Sequence[int]):
        self.request_id = request_id
        self.namespace = namespace
        self.all_token_ids = [int(t) for t in tokens]
        self.block_hashes: List[tuple] = []

    @property
    def num_tokens(self) -> int:
        return len(self.all_token_ids)


class KVCacheManager:
    """Per-request block lists over a BlockPool: prefix cache lookup, allocation, freeing."""

    def __init__(self, num_blocks: int, block_size: int, recompute_last_token: bool,
                 free_head_first: bool, bug: Optional[str]):
        self.block_size = block_size
        self.recompute_last_token = recompute_last_token
        self.free_head_first = free_head_first
        self.bug = bug
        self.block_pool = BlockPool(num_blocks, bug)
        self.req_to_blocks: Dict[int, List[KVCacheBlock]] = {}
        self.num_cached_block: Dict[int, int] = {}

    def hash_block_tokens(self, parent_block_hash: Optional[tuple], block_tokens: Sequence[int],
                          namespace: int) -> tuple:
        # vLLM: hash((parent_block_hash, tuple(block_tokens), extra_keys)); the tuple itself is the
        # key here, so that two contents are equal keys only when they are equal.
        if self.bug == "hash_without_parent":
            return (tuple(block_tokens), namespace)
        if self.bug == "hash_without_namespace":
            return (parent_block_hash, tuple(block_tokens))
        if self.bug == "hash_token_magnitude":
            return (parent_block_hash, tuple(abs(t) for t in block_tokens), namespace)
        if self.bug == "hash_namespace_low_16":
            return (parent_block_hash, tuple(block_tokens), namespace & 0xFFFF)
        return (parent_block_hash, tuple(block_tokens), namespace)

    def update_block_hashes(self, request: Request) -> None:
        bs = self.block_size
        for i in range(len(request.block_hashes), request.num_tokens // bs):
            parent = request.block_hashes[-1] if request.block_hashes else None
            request.block_hashes.append(self.hash_block_tokens(
                parent, request.all_token_ids[i * bs:(i + 1) * bs], request.namespace))

    def find_longest_cache_hit(self, block_hashes: Sequence[tuple]) -> List[Optional[KVCacheBlock]]:
        computed: List[Optional[KVCacheBlock]] = []
        for block_hash in block_hashes:
            block = self.block_pool.get_cached_block(block_hash)
            if block is None:
                if self.bug == "hit_past_evicted_block":
                    computed.append(None)  # recomputed in a fresh block; the count goes on
                    continue
                if self.bug == "hit_past_first_miss":
                    continue
                break
            computed.append(block)
        if self.bug == "hit_past_evicted_block":
            while computed and computed[-1] is None:
                computed.pop()
        return computed

    def get_computed_blocks(self, request: Request) -> Tuple[List[Optional[KVCacheBlock]], int]:
        # The last prompt token is recomputed (its logits are needed): at most num_tokens - 1 hit.
        max_cache_hit_length = request.num_tokens - (1 if self.recompute_last_token else 0)
        computed = self.find_longest_cache_hit(
            request.block_hashes[:max_cache_hit_length // self.block_size])
        num_hit_blocks = sum(1 for block in computed if block is not None)
        return computed, num_hit_blocks * self.block_size

    def allocate_slots(self, request: Request, num_tokens: int,
                       new_computed_blocks: Sequence[Optional[KVCacheBlock]] = (), *,
                       new_request: bool = False) -> Optional[List[KVCacheBlock]]:
        """Blocks for a request to hold num_tokens tokens, reusing new_computed_blocks (a prompt's
        cache hit): the new blocks, or None when they do not fit (then nothing changes)."""
        pool = self.block_pool
        req_blocks = [] if new_request else self.req_to_blocks[request.request_id]
        hit_blocks = [block for block in new_computed_blocks if block is not None]
        num_new_blocks = cdiv(num_tokens, self.block_size) - len(req_blocks) - len(hit_blocks)
        if self.bug == "ref_on_finishing_block":
            # The bug, as a radix-like "node": the reference goes to the block that last cached
            # this content (the finishing request's own copy), not to the shared block the
            # request's table gets.
            referenced = [list(pool.cached_block_hash_to_block[block.block_hash].values())[-1]
                          for block in hit_blocks]
        else:
            referenced = hit_blocks
        # A hit block no request holds is in the free queue; reusing it takes it out.
        num_evictable_computed_blocks = sum(1 for block in referenced if block.ref_cnt == 0)

        if self.bug == "partial_alloc_on_refusal":
            # The bug: blocks taken as they come, the refusal noticed once the pool runs dry.
            pool.touch(hit_blocks)
            new_blocks = []
            while len(new_blocks) < num_new_blocks and pool.get_num_free_blocks() > 0:
                new_blocks += pool.get_new_blocks(1)
            if len(new_blocks) < num_new_blocks:
                return None
        else:
            if num_new_blocks > pool.get_num_free_blocks() - num_evictable_computed_blocks:
                return None
            pool.touch(referenced)
            new_blocks = pool.get_new_blocks(num_new_blocks)

        if new_request:
            self.req_to_blocks[request.request_id] = []
            self.num_cached_block[request.request_id] = len(new_computed_blocks)
        blocks = self.req_to_blocks[request.request_id]
        fresh = iter(new_blocks)
        for block in new_computed_blocks:
            if block is None:  # hit_past_evicted_block: a fresh block where the hit had a hole
                self.num_cached_block[request.request_id] = 0
            blocks.append(next(fresh) if block is None else block)
        blocks.extend(fresh)
        return new_blocks

    def cache_blocks(self, request: Request) -> None:
        """Caches the request's blocks that are now full."""
        num_full_blocks = request.num_tokens // self.block_size
        self.block_pool.cache_full_blocks(
            self.req_to_blocks[request.request_id], request.block_hashes,
            self.num_cached_block[request.request_id], num_full_blocks)
        self.num_cached_block[request.request_id] = num_full_blocks

    def free(self, request_id: int) -> None:
        if self.bug == "double_free":
            blocks = self.req_to_blocks.get(request_id, [])  # the bug: get, not pop
        else:
            blocks = self.req_to_blocks.pop(request_id, [])
        self.num_cached_block.pop(request_id, None)
        if self.bug == "never_releases":
            return
        # Tail first: the tail of a sequence is evicted before its head (vLLM), or head first.
        self.block_pool.free_blocks(blocks if self.free_head_first else reversed(blocks))


class VllmStyleBlockPool:
    """The adapter kvc drives, over a vLLM-style KVCacheManager and BlockPool.

    ``recompute_last_token``: the last prompt token is never served from the cache (vLLM), so a
    prompt of k whole cached blocks reuses k - 1. ``free_head_first``: a freed request's blocks join
    the free queue head first (vLLM: tail first), so a sequence's head block can be evicted while
    later ones stay cached -- correct as well, and the pool that the hit-counting bugs need, since
    vLLM's order never leaves such a gap. ``bug``: one of BUGS."""

    def __init__(self, num_blocks: int, block_size: int, recompute_last_token: bool = False, *,
                 free_head_first: bool = False, bug: Optional[str] = None):
        if block_size < 1 or num_blocks < 0:
            raise ValueError("block_size must be >= 1 and num_blocks >= 0")
        if bug is not None and bug not in BUGS:
            raise ValueError(f"unknown bug {bug!r}")
        self.num_blocks = num_blocks
        self.block_size = block_size
        self.recompute_last_token = recompute_last_token
        self.bug = bug
        self.manager = KVCacheManager(num_blocks, block_size, recompute_last_token,
                                      free_head_first, bug)
        self.block_pool = self.manager.block_pool
        self.requests: Dict[int, Request] = {}

    def allocate(self, request: int, namespace: int, tokens: Sequence[int]) -> Optional[int]:
        req = Request(request, namespace, tokens)
        self.manager.update_block_hashes(req)
        computed_blocks, num_computed_tokens = self.manager.get_computed_blocks(req)
        if self.manager.allocate_slots(req, req.num_tokens, computed_blocks,
                                       new_request=True) is None:
            return None
        self.manager.cache_blocks(req)
        self.requests[request] = req
        return num_computed_tokens

    def append(self, request: int, tokens: Sequence[int]) -> bool:
        req = self.requests[request]
        tokens = [int(t) for t in tokens]
        num_tokens = req.num_tokens + len(tokens)
        if self.manager.allocate_slots(req, num_tokens) is None:
            if self.bug != "append_not_atomic":
                return False
            # The bug: the blocks that are free are taken, the tokens that fit in them kept.
            pool = self.block_pool
            blocks = self.manager.req_to_blocks[request]
            blocks += pool.get_new_blocks(pool.get_num_free_blocks())
            fit = len(blocks) * self.block_size - req.num_tokens
            req.all_token_ids += tokens[:fit]
            self.manager.update_block_hashes(req)
            self.manager.cache_blocks(req)
            return False
        req.all_token_ids += tokens
        self.manager.update_block_hashes(req)
        self.manager.cache_blocks(req)
        return True

    def free(self, request: int) -> None:
        self.manager.free(request)
        self.requests.pop(request, None)

    def free_blocks(self) -> int:
        return self.block_pool.get_num_free_blocks()

    def block_table(self, request: int) -> List[int]:
        return [block.block_id for block in self.manager.req_to_blocks[request]]

    def fork(self, parent: int, child: int) -> bool:
        """Parallel sampling: the child shares the parent's full blocks and copies its partial
        last block into a block of its own."""
        manager, pool = self.manager, self.block_pool
        p = self.requests[parent]
        parent_blocks = manager.req_to_blocks[parent]
        num_full = p.num_tokens // self.block_size
        partial = p.num_tokens % self.block_size != 0
        if partial and pool.get_num_free_blocks() < 1:
            if self.bug == "refused_fork_registers_child":
                # The child was registered before the copy failed, and is never taken back.
                pool.touch(parent_blocks[:num_full])
                manager.req_to_blocks[child] = parent_blocks[:num_full]
                manager.num_cached_block[child] = num_full
            return False
        shared = parent_blocks[:num_full]
        if self.bug != "fork_without_ref":
            pool.touch(shared)
        copy = pool.get_new_blocks(1) if partial else []
        c = Request(child, 0 if self.bug == "fork_child_loses_namespace" else p.namespace,
                    p.all_token_ids)
        c.block_hashes = list(p.block_hashes)
        manager.req_to_blocks[child] = shared + copy
        manager.num_cached_block[child] = num_full
        self.requests[child] = c
        return True

    def reset_prefix_cache(self) -> bool:
        return self.block_pool.reset_prefix_cache()


# ------------------------------------------------------------------------------------------------
# A second correct pool in another style: content keys are whole prefixes, an OrderedDict LRU.
# ------------------------------------------------------------------------------------------------

class DictLruBlockPool:
    """Blocks 0..num_blocks-1. A full block is cached under its whole content key
    ``(namespace, tuple(tokens[:end]))``; ``holders[key]`` lists the blocks holding it (two blocks
    can: a recomputed last block, or a block filled by decode). Free blocks are either uncached (a
    deque, used first) or cached and evictable (an OrderedDict, least recently freed first).
    A freed request's blocks become evictable head first."""

    def __init__(self, num_blocks: int, block_size: int, recompute_last_token: bool = False):
        if block_size < 1 or num_blocks < 0:
            raise ValueError("block_size must be >= 1 and num_blocks >= 0")
        self.num_blocks = num_blocks
        self.block_size = block_size
        self.recompute_last_token = recompute_last_token
        self.refs = [0] * num_blocks
        self.key_of: Dict[int, Tuple[int, tuple]] = {}
        self.holders: Dict[Tuple[int, tuple], Dict[int, None]] = {}
        self.uncached_free = deque(range(num_blocks))
        self.evictable: "OrderedDict[int, None]" = OrderedDict()
        self.live: Dict[int, Tuple[int, List[int], List[int]]] = {}  # namespace, tokens, table

    def _key(self, namespace: int, tokens: Sequence[int], end: int) -> Tuple[int, tuple]:
        return (namespace, tuple(tokens[:end]))

    def _fresh_block(self) -> int:
        if self.uncached_free:
            block = self.uncached_free.popleft()
        else:
            block, _ = self.evictable.popitem(last=False)
            key = self.key_of.pop(block)
            del self.holders[key][block]
            if not self.holders[key]:
                del self.holders[key]
        self.refs[block] = 1
        return block

    def _hold(self, block: int) -> None:
        if self.refs[block] == 0:
            del self.evictable[block]
        self.refs[block] += 1

    def _cache_full_blocks(self, namespace: int, tokens: List[int], table: List[int]) -> None:
        for i in range(len(tokens) // self.block_size):
            block = table[i]
            if block not in self.key_of:
                key = self._key(namespace, tokens, (i + 1) * self.block_size)
                self.key_of[block] = key
                self.holders.setdefault(key, {})[block] = None

    def free_blocks(self) -> int:
        return len(self.uncached_free) + len(self.evictable)

    def allocate(self, request: int, namespace: int, tokens: Sequence[int]) -> Optional[int]:
        tokens = [int(t) for t in tokens]
        bs = self.block_size
        limit = len(tokens) - 1 if self.recompute_last_token else len(tokens)
        hit: List[int] = []
        for end in range(bs, limit + 1, bs):
            holders = self.holders.get(self._key(namespace, tokens, end))
            if not holders:
                break
            # Among blocks of equal content, one a request holds if any: it takes no free block.
            hit.append(next((block for block in holders if self.refs[block] > 0),
                            next(iter(holders))))
        needed = cdiv(len(tokens), bs) - len(hit)
        revived = sum(1 for block in hit if self.refs[block] == 0)
        if needed > self.free_blocks() - revived:
            return None
        for block in hit:
            self._hold(block)
        table = hit + [self._fresh_block() for _ in range(needed)]
        self.live[request] = (namespace, tokens, table)
        self._cache_full_blocks(namespace, tokens, table)
        return len(hit) * bs

    def append(self, request: int, tokens: Sequence[int]) -> bool:
        namespace, held, table = self.live[request]
        needed = cdiv(len(held) + len(tokens), self.block_size) - len(table)
        if needed > self.free_blocks():
            return False
        table += [self._fresh_block() for _ in range(needed)]
        held += [int(t) for t in tokens]
        self._cache_full_blocks(namespace, held, table)
        return True

    def free(self, request: int) -> None:
        entry = self.live.pop(request, None)
        if entry is None:
            return
        for block in entry[2]:
            self.refs[block] -= 1
            if self.refs[block] == 0:
                if block in self.key_of:
                    self.evictable[block] = None
                else:
                    self.uncached_free.append(block)

    def block_table(self, request: int) -> List[int]:
        return list(self.live[request][2])

    def fork(self, parent: int, child: int) -> bool:
        namespace, tokens, table = self.live[parent]
        num_full = len(tokens) // self.block_size
        partial = len(tokens) % self.block_size != 0
        if partial and self.free_blocks() < 1:
            return False
        for block in table[:num_full]:
            self._hold(block)
        child_table = table[:num_full] + ([self._fresh_block()] if partial else [])
        self.live[child] = (namespace, list(tokens), child_table)
        return True

    def reset_prefix_cache(self) -> bool:
        if self.live:
            return False
        self.uncached_free.extend(self.evictable)
        self.evictable.clear()
        self.key_of.clear()
        self.holders.clear()
        return True


# ------------------------------------------------------------------------------------------------
# Factories: factory(num_blocks, block_size).
# ------------------------------------------------------------------------------------------------

def _factory(name: str, make: Callable[[int, int], Any], recompute_last_token: bool):
    def factory(num_blocks: int, block_size: int):
        return make(num_blocks, block_size)
    factory.__name__ = factory.__qualname__ = name
    factory.recompute_last_token = recompute_last_token
    return factory


def _vllm(name: str, *, recompute_last_token: bool = False, free_head_first: bool = False,
          bug: Optional[str] = None):
    return _factory(name, lambda n, bs: VllmStyleBlockPool(
        n, bs, recompute_last_token, free_head_first=free_head_first, bug=bug),
        recompute_last_token)


CORRECT_POOLS: Dict[str, Callable[[int, int], Any]] = {
    "vllm_style": _vllm("vllm_style"),
    "vllm_style_recompute_last": _vllm("vllm_style_recompute_last", recompute_last_token=True),
    "dict_lru": _factory("dict_lru", DictLruBlockPool, False),
    # The base of the two hit-counting bugs (they need a pool that can evict a sequence's head
    # before its tail), here so that it is shown correct on its own.
    "vllm_style_head_first": _vllm("vllm_style_head_first", free_head_first=True),
}

# The bugs that only show once a head block is evicted before a later block of its sequence.
_HEAD_FIRST_BUGS = {"hit_past_evicted_block", "hit_past_first_miss"}

# name -> factory. Each is VllmStyleBlockPool (policy: no recompute) with one bug:
#   ref_on_finishing_block   a hit's reference is taken on the block that last cached the content
#                            (the finishing request's own copy) instead of the shared block the
#                            table gets: the shared block stays free while a request holds it
#   stale_hash_on_evict      an evicted block keeps its old hash; once full again it is cached
#                            under it and hit for content it no longer holds
#   phantom_hits_after_reset reset forgets the blocks' hashes but not the hash dict: hits after
#   used_count_drift         free_blocks() is a count of used blocks, not decremented when a
#                            request's cached (full) blocks are freed: it drifts to 0
#   never_releases           free() forgets the request but drops no reference
#   hit_past_evicted_block   the hit counts every cached block of the prompt, a fresh block
#                            standing in for each one missing (head-first pool)
#   evicted_left_in_dict     an evicted block leaves the hash dict: hit for its old content
#   double_free              freeing a freed request drops its references again
#   ref_count_wraps          the reference count is kept in two bits (& 3)
#   evicts_referenced_block  eviction takes the least recently cached block, held or not
#   hash_without_parent      a block's hash is its own tokens and namespace only
#   hash_without_namespace   a block's hash lacks the namespace
#   hit_past_first_miss      the lookup skips a missing block and goes on, the blocks found after
#                            it moved up into its place (head-first pool)
#   partial_alloc_on_refusal blocks are taken one by one and kept when the request is refused
#   fork_without_ref         the child shares the parent's full blocks without a reference
#   append_not_atomic        a refused append keeps the blocks it could take and the tokens that fit
#   reset_while_live         reset clears the cache and returns True while requests are live
#   hash_token_magnitude     a block's hash takes each token without its sign
#   hash_namespace_low_16    a block's hash takes the namespace's low 16 bits only
#   ref_count_wraps_16       the reference count is kept in four bits (& 15)
#   fork_child_loses_namespace  a forked child's request has namespace 0: the blocks it fills are
#                            cached under it
#   refused_fork_registers_child  a fork refused for want of a block leaves the child registered,
#                            holding references to the parent's full blocks
BUGGY_POOLS: Dict[str, Callable[[int, int], Any]] = {
    bug: _vllm(bug, free_head_first=bug in _HEAD_FIRST_BUGS, bug=bug) for bug in BUGS
}

ALL_POOLS: Dict[str, Callable[[int, int], Any]] = {**CORRECT_POOLS, **BUGGY_POOLS}

"""README: a complete block pool in Python checked by kvc.testing.stateful.block_pool_machine."""
# [snippet]
from collections import OrderedDict

import kvc.testing.stateful


class TinyBlockPool:
    """Full blocks cached under (namespace, every token up to the block's end); LRU eviction."""

    def __init__(self, num_blocks: int, block_size: int):
        self.block_size = block_size
        self.refs = [0] * num_blocks
        self.key_of = [None] * num_blocks  # the content a cached block holds
        self.cached = {}                   # content -> the block indexed for it
        self.evictable = OrderedDict()     # free cached blocks, least recently freed first
        self.empty = list(range(num_blocks))
        self.tables, self.tokens, self.namespaces = {}, {}, {}

    def free_blocks(self) -> int:
        return len(self.empty) + len(self.evictable)

    def block_table(self, request: int) -> list:
        return self.tables[request]

    def _new_block(self) -> int:
        if self.empty:
            block = self.empty.pop()
        else:  # evict: the block forgets its content, the index forgets the block
            block, _ = self.evictable.popitem(last=False)
            del self.cached[self.key_of[block]]
            self.key_of[block] = None
        self.refs[block] = 1
        return block

    def _cache_full_blocks(self, request: int) -> None:
        tokens, size = self.tokens[request], self.block_size
        for i, block in enumerate(self.tables[request][: len(tokens) // size]):
            key = (self.namespaces[request], tuple(tokens[: (i + 1) * size]))
            if self.key_of[block] is None and key not in self.cached:
                self.cached[key], self.key_of[block] = block, key

    def allocate(self, request: int, namespace: int, tokens: list):
        tokens, size = list(tokens), self.block_size
        hit = []
        while (len(hit) + 1) * size <= len(tokens):
            block = self.cached.get((namespace, tuple(tokens[: (len(hit) + 1) * size])))
            if block is None:
                break
            hit.append(block)
        needed = -(-len(tokens) // size) - len(hit)
        touched = sum(1 for block in hit if self.refs[block] == 0)
        if needed + touched > self.free_blocks():
            return None  # refused: nothing changed
        for block in hit:
            self.evictable.pop(block, None)
            self.refs[block] += 1
        self.tables[request] = hit + [self._new_block() for _ in range(needed)]
        self.tokens[request], self.namespaces[request] = tokens, namespace
        self._cache_full_blocks(request)
        return len(hit) * size

    def append(self, request: int, tokens: list) -> bool:
        total = len(self.tokens[request]) + len(tokens)
        needed = -(-total // self.block_size) - len(self.tables[request])
        if needed > self.free_blocks():
            return False
        self.tables[request] += [self._new_block() for _ in range(needed)]
        self.tokens[request] += list(tokens)
        self._cache_full_blocks(request)
        return True

    def free(self, request: int) -> None:
        for block in reversed(self.tables.pop(request, [])):
            self.refs[block] -= 1
            if self.refs[block] == 0 and self.key_of[block] is None:
                self.empty.append(block)
            elif self.refs[block] == 0:
                self.evictable[block] = True


# pytest collects the generated state machine as a test case: bound mode, since a duplicate of
# cached content is not indexed (a hit may miss it).
TestTinyBlockPool = kvc.testing.stateful.block_pool_machine(TinyBlockPool)
# [snippet]

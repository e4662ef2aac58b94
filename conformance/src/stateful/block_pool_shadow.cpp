// conformance/src/stateful/block_pool_shadow.cpp - kvc::block_pool_shadow's verdicts, compiled once
// in the library (kvc/stateful/block_pool_shadow.hpp says what each one judges).
#include <kvc/stateful/block_pool_shadow.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <kvc/reuse_policy.hpp>

namespace kvc {

block_pool_verdict block_pool_shadow::allocated(std::uint64_t request, std::uint64_t ns,
                                                std::span<const std::int32_t> tokens,
                                                std::optional<std::int64_t> hit,
                                                std::span<const std::int64_t> table) {
  const std::size_t n = tokens.size();
  const std::size_t present = present_blocks(ns, tokens);
  const std::size_t most = detail::reused_under_blocks(policy_, block_size_, present * block_size_,
                                                       n, static_cast<std::size_t>(-1));
  const std::size_t total = blocks_for(n);
  const std::size_t free = free_blocks();
  if (!hit) {
    // Exact mode: with the whole hit, serving each hit block from a free copy where the
    // content has one (an engine may pick any copy: vLLM takes the first one cached).
    const std::size_t most_taken = most_taken_with_hit(ns, tokens, most / block_size_);
    const bool fits = exact_ ? most_taken <= free : total <= free;
    if (fits && !full_of_requests())
      return {"allocate(" + std::to_string(request) + ") was refused, but it fits: it needs " +
                  std::to_string(exact_ ? most_taken : total) + " free blocks (" +
                  (exact_ ? "with a hit of " + std::to_string(most) + " tokens"
                          : std::string("with no reuse at all")) +
                  ") and " + std::to_string(free) + " are free" + live_count_note(),
              -1, static_cast<std::int64_t>(most)};
    return {};
  }
  const std::int64_t h = *hit;
  block_pool_verdict verdict{};
  const std::string call = "allocate(" + std::to_string(request) + ")";
  if (h < 0 || static_cast<std::size_t>(h) > most)
    verdict = {call + " returned a hit of " + std::to_string(h) + " tokens, but " +
                   (present == 0 ? std::string("no leading block of its prompt is cached")
                                 : "only " + std::to_string(present) +
                                       " leading blocks of its prompt are cached, " +
                                       std::to_string(most) + " tokens under the policy"),
               h, static_cast<std::int64_t>(most)};
  else if (exact_ && static_cast<std::size_t>(h) != most)
    verdict = {call + " returned a hit of " + std::to_string(h) + " tokens, but " +
                   std::to_string(most) + " are cached (exact mode)",
               h, static_cast<std::int64_t>(most)};
  else if (static_cast<std::size_t>(h) % block_size_ != 0)
    verdict = {call + " returned a hit of " + std::to_string(h) +
                   " tokens, not a whole number of blocks of " + std::to_string(block_size_),
               h, static_cast<std::int64_t>(most)};
  const std::size_t hit_blocks = h < 0 ? 0 : static_cast<std::size_t>(h) / block_size_;
  if (verdict.ok()) verdict = check_table(call, table, total);
  live_request incoming{ns, {tokens.begin(), tokens.end()}, {}};
  for (std::size_t i = 0; verdict.ok() && i < table.size(); ++i) {
    if (i < hit_blocks)
      verdict = check_hit_block(call, incoming, i, table[i]);
    else
      verdict = check_new_block(call, i, table[i]);
  }
  if (verdict.ok()) {
    std::size_t taken = 0;
    for (std::size_t i = 0; i < total; ++i)
      if (i >= hit_blocks || holders_of(table[i]) == 0) ++taken;
    if (taken > free)
      verdict = {call + " was admitted, but it takes " + std::to_string(taken) +
                     " free blocks and only " + std::to_string(free) + " are free",
                 1, 0};
  }
  // Apply what the engine did, so that later steps are judged against it.
  incoming.table.assign(table.begin(), table.end());
  for (std::size_t i = 0; i < incoming.table.size(); ++i) {
    if (i >= hit_blocks) record(incoming, i);
    hold(incoming.table[i]);
  }
  live_[request] = std::move(incoming);
  return verdict;
}

block_pool_verdict block_pool_shadow::appended(std::uint64_t request,
                                               std::span<const std::int32_t> tokens, bool admitted,
                                               std::span<const std::int64_t> table) {
  auto found = live_.find(request);
  if (found == live_.end()) return {};
  live_request& grown = found->second;
  const std::size_t old_blocks = grown.table.size();
  const std::size_t total = blocks_for(grown.tokens.size() + tokens.size());
  const std::size_t needed = total - old_blocks;
  const bool partial = grown.tokens.size() % block_size_ != 0;
  // A partial last block that a fork left shared is copied before it is written.
  const bool shared_tail = old_blocks > 0 && partial && holders_of(grown.table.back()) > 1;
  const std::size_t free = free_blocks();
  const std::string call = "append(" + std::to_string(request) + ")";
  if (!admitted) {
    const std::size_t least = needed + (shared_tail ? 1 : 0);
    if (least <= free)
      return {call + " was refused, but it needs " + std::to_string(least) + " new blocks and " +
                  std::to_string(free) + " are free",
              0, 1};
    return {};
  }
  live_request after{grown.ns, grown.tokens, {table.begin(), table.end()}};
  after.tokens.insert(after.tokens.end(), tokens.begin(), tokens.end());
  block_pool_verdict verdict = check_table(call, table, total);
  std::size_t taken = 0;     // free blocks the append takes
  block_table released_ids;  // blocks it lets go of (free for its new blocks)
  bool tail_moved = false;
  for (std::size_t i = 0; verdict.ok() && i < old_blocks; ++i) {
    if (table[i] == grown.table[i]) continue;
    const std::size_t end = (i + 1) * block_size_;
    auto target = blocks_.find(table[i]);
    const bool deduplicated = end <= after.tokens.size() && target != blocks_.end() &&
                              holds(target->second, grown.ns, after.tokens, end);
    const bool copied = i + 1 == old_blocks && partial && holders_of(table[i]) == 0;
    if (!deduplicated && !copied) {
      verdict = {call + " moved block " + std::to_string(i) + " of the request from id " +
                     std::to_string(grown.table[i]) + " to id " + std::to_string(table[i]) +
                     (target == blocks_.end() ? std::string(", which holds nothing")
                                              : ", which holds " + content_text(target->second)),
                 table[i], grown.table[i]};
      break;
    }
    if (i + 1 == old_blocks) tail_moved = true;
    if (holders_of(table[i]) == 0) ++taken;
    if (holders_of(grown.table[i]) == 1) released_ids.push_back(grown.table[i]);
  }
  const std::size_t released = released_ids.size();
  if (verdict.ok() && shared_tail && !tail_moved)
    verdict = {call + " writes into block " + std::to_string(grown.table.back()) +
                   ", which another live request also holds",
               static_cast<std::int64_t>(holders_of(grown.table.back())), 1};
  for (std::size_t i = old_blocks; verdict.ok() && i < table.size(); ++i) {
    if (std::find(released_ids.begin(), released_ids.end(), table[i]) == released_ids.end())
      verdict = check_new_block(call, i, table[i]);
    ++taken;
  }
  if (verdict.ok() && taken > free + released)
    verdict = {call + " was admitted, but it takes " + std::to_string(taken) +
                   " free blocks and only " + std::to_string(free + released) + " are free",
               1, 0};
  if (table.size() < old_blocks) {  // a table that lost entries: keep the one recorded
    grown.tokens = std::move(after.tokens);
    return verdict;
  }
  // Apply what the engine did: moved entries change holders, written blocks their content.
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (i < old_blocks && table[i] == grown.table[i]) continue;
    hold(table[i]);
    if (i < old_blocks) release(grown.table[i]);
  }
  grown = std::move(after);
  for (std::size_t i = old_blocks == 0 ? 0 : old_blocks - 1; i < grown.table.size(); ++i)
    record(grown, i);
  return verdict;
}

block_pool_verdict block_pool_shadow::forked(std::uint64_t parent, std::uint64_t child,
                                             bool admitted,
                                             std::span<const std::int64_t> child_table,
                                             std::span<const std::int64_t> parent_table) {
  auto found = live_.find(parent);
  if (found == live_.end()) return {};
  live_request& from = found->second;
  const bool partial = from.tokens.size() % block_size_ != 0 && !from.table.empty();
  const std::size_t needed = partial ? 1 : 0;
  const std::size_t free = free_blocks();
  const std::string call = "fork(" + std::to_string(parent) + ", " + std::to_string(child) + ")";
  if (!admitted) {
    if (needed <= free && !full_of_requests())
      return {call + " was refused, but it needs " + std::to_string(needed) + " new blocks and " +
                  std::to_string(free) + " are free" + live_count_note(),
              0, 1};
    return {};
  }
  const block_table before = from.table;
  const block_table parent_after =
      parent_table.empty() ? before : block_table(parent_table.begin(), parent_table.end());
  block_pool_verdict verdict = check_table(call, child_table, before.size());
  if (verdict.ok() && parent_after.size() != before.size())
    verdict = {call + " left the parent a block table of " + std::to_string(parent_after.size()) +
                   " blocks, not " + std::to_string(before.size()),
               static_cast<std::int64_t>(parent_after.size()),
               static_cast<std::int64_t>(before.size())};
  const std::size_t shared = partial ? before.size() - 1 : before.size();
  for (std::size_t i = 0; verdict.ok() && i < shared; ++i) {
    if (parent_after[i] != before[i])
      verdict = {call + " moved block " + std::to_string(i) + " of the parent from id " +
                     std::to_string(before[i]) + " to id " + std::to_string(parent_after[i]),
                 parent_after[i], before[i]};
    else if (child_table[i] != before[i])
      verdict = {call + " gave the child block id " + std::to_string(child_table[i]) +
                     " at position " + std::to_string(i) + " instead of sharing the parent's " +
                     std::to_string(before[i]),
                 child_table[i], before[i]};
  }
  std::size_t taken = 0;
  if (verdict.ok() && partial) {
    const std::int64_t tail = before.back();
    const std::int64_t mine = parent_after.back();
    const std::int64_t theirs = child_table.back();
    if (mine != tail && theirs != tail)
      verdict = {call + " gave neither the parent nor the child the parent's partial block " +
                     std::to_string(tail),
                 theirs, tail};
    else if (mine != tail)
      verdict = check_new_block(call + " (the parent's copy of its partial block)",
                                before.size() - 1, mine);
    else if (theirs != tail)
      verdict =
          check_new_block(call + " (the copy of the partial block)", before.size() - 1, theirs);
    if (mine != tail || theirs != tail) taken = 1;
    if (verdict.ok() && taken > free)
      verdict = {call + " was admitted, but its partial block needs a free block and none is", 1,
                 0};
  }
  // Apply: the parent's moved entry, then the child's table.
  if (parent_after.size() == before.size()) {
    for (std::size_t i = 0; i < before.size(); ++i)
      if (parent_after[i] != before[i]) {
        hold(parent_after[i]);
        release(before[i]);
        from.table[i] = parent_after[i];
        record(from, i);
      }
  }
  live_request copy{from.ns, from.tokens, {child_table.begin(), child_table.end()}};
  for (std::size_t i = 0; i < copy.table.size(); ++i) {
    hold(copy.table[i]);
    if (i >= shared) record(copy, i);
  }
  live_[child] = std::move(copy);
  return verdict;
}

block_pool_verdict block_pool_shadow::freed(std::uint64_t request) {
  auto found = live_.find(request);
  if (found == live_.end()) return {};
  for (const std::int64_t id : found->second.table) release(id);
  live_.erase(found);
  return {};
}

block_pool_verdict block_pool_shadow::reset(bool done) {
  if (!live_.empty()) {
    if (done)
      return {"reset_prefix_cache() succeeded while " + std::to_string(live_.size()) +
                  " requests are live",
              1, 0};
    return {};
  }
  if (!done) return {"reset_prefix_cache() was refused with no request live", 0, 1};
  for (auto& [id, block] : blocks_) block.cached = false;
  return {};
}

block_pool_verdict block_pool_shadow::counted_free(std::int64_t observed) const {
  const std::size_t free = free_blocks();
  if (observed == static_cast<std::int64_t>(free)) return {};
  return {"free_blocks() is " + std::to_string(observed) + ", but " + std::to_string(free) +
              " of the " + std::to_string(num_blocks_) + " blocks are in no live block table",
          observed, static_cast<std::int64_t>(free)};
}

std::size_t block_pool_shadow::free_blocks() const noexcept {
  return held_ > num_blocks_ ? 0 : num_blocks_ - held_;
}

std::size_t block_pool_shadow::cached_prefix(std::uint64_t ns,
                                             std::span<const std::int32_t> tokens) const {
  return detail::reused_under_blocks(policy_, block_size_, present_blocks(ns, tokens) * block_size_,
                                     tokens.size(), static_cast<std::size_t>(-1));
}

block_pool_shadow::token_vector block_pool_shadow::tokens(std::uint64_t request) const {
  auto found = live_.find(request);
  return found == live_.end() ? token_vector{} : found->second.tokens;
}

block_pool_shadow::block_table block_pool_shadow::table(std::uint64_t request) const {
  auto found = live_.find(request);
  return found == live_.end() ? block_table{} : found->second.table;
}

block_pool_verdict block_pool_shadow::reread(std::uint64_t request,
                                             std::span<const std::int64_t> table) const {
  auto found = live_.find(request);
  if (found == live_.end() || std::equal(table.begin(), table.end(), found->second.table.begin(),
                                         found->second.table.end()))
    return {};
  std::string was;
  std::string is;
  for (const std::int64_t id : found->second.table)
    was += (was.empty() ? "" : ", ") + std::to_string(id);
  for (const std::int64_t id : table) is += (is.empty() ? "" : ", ") + std::to_string(id);
  return {"the block table of request " + std::to_string(request) + " changed from [" + was +
              "] to [" + is + "] without a call on it",
          static_cast<std::int64_t>(table.size()),
          static_cast<std::int64_t>(found->second.table.size())};
}

std::uint64_t block_pool_shadow::namespace_of(std::uint64_t request) const {
  auto found = live_.find(request);
  return found == live_.end() ? 0 : found->second.ns;
}

block_pool_shadow::request_ids block_pool_shadow::live_requests() const {
  request_ids ids;
  ids.reserve(live_.size());
  for (const auto& [id, request] : live_) ids.push_back(id);
  return ids;
}

bool block_pool_shadow::full_of_requests() const noexcept {
  return max_live_requests_ != 0 && live_.size() >= max_live_requests_;
}

std::string block_pool_shadow::live_count_note() const {
  if (live_.size() < 16) return {};
  return " (" + std::to_string(live_.size()) +
         " requests are live: for a pool with a limit, say it in "
         "check_options::max_live_requests)";
}

std::size_t block_pool_shadow::blocks_for(std::size_t n) const noexcept {
  return (n + block_size_ - 1) / block_size_;
}

std::size_t block_pool_shadow::holders_of(std::int64_t id) const {
  auto found = blocks_.find(id);
  return found == blocks_.end() ? 0 : found->second.holders;
}

bool block_pool_shadow::holds(const shadow_block& block, std::uint64_t ns,
                              std::span<const std::int32_t> tokens, std::size_t end) {
  return block.cached && block.ns == ns && block.prefix.size() == end && end <= tokens.size() &&
         std::equal(block.prefix.begin(), block.prefix.end(), tokens.begin());
}

std::size_t block_pool_shadow::present_blocks(std::uint64_t ns,
                                              std::span<const std::int32_t> tokens) const {
  std::size_t count = 0;
  while ((count + 1) * block_size_ <= tokens.size()) {
    bool found = false;
    for (const auto& [id, block] : blocks_)
      if (holds(block, ns, tokens, (count + 1) * block_size_)) {
        found = true;
        break;
      }
    if (!found) break;
    ++count;
  }
  return count;
}

std::size_t block_pool_shadow::most_taken_with_hit(std::uint64_t ns,
                                                   std::span<const std::int32_t> tokens,
                                                   std::size_t hit_blocks) const {
  std::size_t taken = blocks_for(tokens.size()) - hit_blocks;
  for (std::size_t i = 0; i < hit_blocks; ++i) {
    bool free_copy = false;
    for (const auto& [id, block] : blocks_)
      if (block.holders == 0 && holds(block, ns, tokens, (i + 1) * block_size_)) free_copy = true;
    if (free_copy) ++taken;
  }
  return taken;
}

block_pool_verdict block_pool_shadow::check_table(const std::string& call,
                                                  std::span<const std::int64_t> table,
                                                  std::size_t blocks) const {
  if (table.size() != blocks)
    return {call + " left a block table of " + std::to_string(table.size()) + " blocks, not " +
                std::to_string(blocks),
            static_cast<std::int64_t>(table.size()), static_cast<std::int64_t>(blocks)};
  for (std::size_t i = 0; i < table.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (table[i] == table[j])
        return {call + " put block " + std::to_string(table[i]) + " twice in one block table (at " +
                    std::to_string(j) + " and " + std::to_string(i) + ")",
                table[i], -1};
  return {};
}

std::string block_pool_shadow::content_text(const shadow_block& block) const {
  if (!block.written) return "nothing";
  std::string text = std::string(block.cached ? "" : "uncached ") + "namespace " +
                     std::to_string(block.ns) + ", tokens [";
  for (std::size_t i = 0; i < block.prefix.size(); ++i)
    text += (i == 0 ? "" : ", ") + std::to_string(block.prefix[i]);
  return text + "]";
}

block_pool_verdict block_pool_shadow::check_hit_block(const std::string& call,
                                                      const live_request& request,
                                                      std::size_t index, std::int64_t id) const {
  const std::size_t end = (index + 1) * block_size_;
  auto found = blocks_.find(id);
  if (found != blocks_.end() && holds(found->second, request.ns, request.tokens, end)) return {};
  shadow_block wanted{
      0,
      true,
      true,
      request.ns,
      {request.tokens.begin(), request.tokens.begin() + static_cast<std::ptrdiff_t>(end)}};
  return {call + " served block " + std::to_string(index) + " of its hit from block id " +
              std::to_string(id) + ", which holds " +
              (found == blocks_.end() ? std::string("nothing") : content_text(found->second)) +
              ", not " + content_text(wanted),
          id, -1};
}

block_pool_verdict block_pool_shadow::check_new_block(const std::string& call, std::size_t index,
                                                      std::int64_t id) const {
  const std::size_t holders = holders_of(id);
  if (holders == 0) return {};
  return {call + " gave block id " + std::to_string(id) + " (position " + std::to_string(index) +
              ") to be written, but " + std::to_string(holders) + " live request(s) still hold it",
          id, -1};
}

void block_pool_shadow::record(const live_request& request, std::size_t index) {
  if (index >= request.table.size()) return;
  shadow_block& block = blocks_[request.table[index]];
  const std::size_t end = (index + 1) * block_size_;
  const std::size_t written = end < request.tokens.size() ? end : request.tokens.size();
  block.written = true;
  block.cached = written == end;
  block.ns = request.ns;
  block.prefix.assign(request.tokens.begin(),
                      request.tokens.begin() + static_cast<std::ptrdiff_t>(written));
}

void block_pool_shadow::hold(std::int64_t id) {
  if (blocks_[id].holders++ == 0) ++held_;
}

void block_pool_shadow::release(std::int64_t id) {
  shadow_block& block = blocks_[id];
  if (block.holders == 0) return;
  if (--block.holders == 0) {
    --held_;
    if (!block.cached) {  // a partial block's content is gone with its last holder
      block.written = false;
      block.prefix.clear();
    }
  }
}

}  // namespace kvc

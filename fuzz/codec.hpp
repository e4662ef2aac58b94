// fuzz/codec.hpp - the byte formats of kvc's fuzz targets.
//
// Each target's input is decoded here (`decode_*`), and fuzz_seed_corpus encodes the fixture suites
// with the matching `encode_*`, so a seed means to a target exactly what the fixture means to the
// contract. Decoding never fails: a missing byte reads as 0, so every byte string is a valid case,
// and `visit` hands the case to a callback as typed arguments.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace kvc_fuzz {

/// A failed differential check: trap, so that libFuzzer reports the input as a crash.
inline void check(bool ok) {
  if (!ok) __builtin_trap();
}

// Exact arithmetic for the oracles: every value of every 64-bit type, and sums of 64 of them.
__extension__ typedef __int128 i128;

// ---------------------------------------------------------------------------------------------
// Bytes
// ---------------------------------------------------------------------------------------------

class reader {
 public:
  reader(const std::uint8_t* data, std::size_t size) : data_(data, size) {}
  bool done() const { return pos_ >= data_.size(); }
  std::uint8_t byte() { return done() ? std::uint8_t{0} : data_[pos_++]; }
  std::uint64_t u64() {  // little-endian
    std::uint64_t value = 0;
    for (unsigned i = 0; i < 8; ++i) value |= std::uint64_t{byte()} << (8 * i);
    return value;
  }
  std::vector<std::uint8_t> bytes(std::size_t count) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i < count && !done(); ++i) out.push_back(byte());
    return out;
  }
  std::string text() {  // a length byte (% 16: namespaces are small), then the bytes
    const auto raw = bytes(byte() % 16U);
    return {raw.begin(), raw.end()};
  }

 private:
  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
};

// Encoders throw when a fixture's inputs have no encoding; fuzz_seed_corpus reports which.
inline void need(bool ok, const char* what) {
  if (!ok) throw std::invalid_argument(what);
}

struct writer {
  std::vector<std::uint8_t> out;
  void byte(std::uint8_t b) { out.push_back(b); }
  void u64(std::uint64_t value) {
    for (unsigned i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  void bytes(const std::vector<std::uint8_t>& values) {
    need(values.size() <= 255, "sequence longer than 255");
    byte(static_cast<std::uint8_t>(values.size()));
    out.insert(out.end(), values.begin(), values.end());
  }
  void text(std::string_view s) {
    need(s.size() < 16, "namespace string longer than 15");
    byte(static_cast<std::uint8_t>(s.size()));
    for (const char c : s) byte(static_cast<std::uint8_t>(c));
  }
};

// ---------------------------------------------------------------------------------------------
// Integers: a type tag and the value's bits
// ---------------------------------------------------------------------------------------------

// A list of types, and dispatch on a run-time index into it (callers keep the index in range).
template <class... Ts>
struct types {};

template <class... Ts, class F>
void with_type(types<Ts...>, unsigned index, F&& f) {
  unsigned i = 0;
  static_cast<void>(((i++ == index ? (f(std::type_identity<Ts>{}), true) : false) || ...));
}

template <class T, class... Ts>
constexpr std::uint8_t index_of(types<Ts...>) {
  constexpr bool match[] = {std::is_same_v<T, Ts>...};
  std::uint8_t index = 0;
  while (index < sizeof...(Ts) && !match[index]) ++index;
  return index;
}

// Integer type tags 0-7; tag 8 (outputs only) is std::size_t.
using int_types = types<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t,
                        std::uint32_t, std::int64_t, std::uint64_t, std::size_t>;
template <class F>
void with_int_type(unsigned tag, F&& f) {
  with_type(int_types{}, tag, f);
}
template <class T>
constexpr std::uint8_t int_tag = index_of<T>(int_types{});

// The bits of one value of type `type`, chosen by `mode % 4`: 0 = the next 8 bytes (little-endian,
// cast to the type); 1 = one signed byte (small values, so boundaries such as used == capacity come
// quickly); 2 = the type's maximum minus a byte; 3 = its minimum plus a byte. The extremes are
// where overflow bugs live, and random 8-byte values almost never land on them.
inline std::uint64_t read_bits(reader& in, unsigned type, unsigned mode) {
  std::uint64_t bits = 0;
  with_int_type(type % 8, [&]<class T>(std::type_identity<T>) {
    if (mode % 4 == 0)
      bits = in.u64();
    else if (mode % 4 == 1)
      bits = static_cast<std::uint64_t>(static_cast<std::int8_t>(in.byte()));
    else if (mode % 4 == 2)
      bits = static_cast<std::uint64_t>(std::numeric_limits<T>::max()) - in.byte();
    else
      bits = static_cast<std::uint64_t>(std::numeric_limits<T>::min()) + in.byte();
  });
  return bits;
}

// One integer: a tag byte (bits 0-2 the type, bits 3-4 the mode of `read_bits`), then its bytes.
struct int_value {
  std::uint8_t type = 0;
  std::uint64_t bits = 0;
  template <class F>
  void visit(F&& f) const {
    with_int_type(type, [&]<class T>(std::type_identity<T>) { f(static_cast<T>(bits)); });
  }
};

inline int_value read_int(reader& in) {
  const std::uint8_t tag = in.byte();
  const auto type = static_cast<std::uint8_t>(tag % 8);
  return {type, read_bits(in, type, tag / 8U)};
}

template <class T>
void write_int(writer& out, T value) {
  out.byte(int_tag<T>);  // mode 0: the full 64 bits
  out.u64(static_cast<std::uint64_t>(value));
}

// ---------------------------------------------------------------------------------------------
// Token and segment ids: one byte each, sign-extended into the id type
// ---------------------------------------------------------------------------------------------

// Id type tags 0-4. Sign extension makes byte 0xFF mean -1 as an int32 but 2^64-1 as a uint64:
// the same bytes, values that must not compare equal.
using id_types = types<char, std::uint8_t, std::int32_t, std::int64_t, std::uint64_t>;
template <class F>
void with_id_type(unsigned tag, F&& f) {
  with_type(id_types{}, tag, f);
}
template <class T>
constexpr std::uint8_t id_tag = index_of<T>(id_types{});

template <class T>
T id_from_byte(std::uint8_t b) {
  return static_cast<T>(static_cast<std::int8_t>(b));
}
template <class T>
std::vector<T> ids_from_bytes(const std::vector<std::uint8_t>& bytes) {
  std::vector<T> ids;
  for (const auto b : bytes) ids.push_back(id_from_byte<T>(b));
  return ids;
}
template <class Seq>
std::vector<std::uint8_t> ids_to_bytes(const Seq& ids) {
  using T = std::remove_cvref_t<decltype(*std::begin(ids))>;
  std::vector<std::uint8_t> bytes;
  for (const T id : ids) {
    bytes.push_back(static_cast<std::uint8_t>(id));
    need(id_from_byte<T>(bytes.back()) == id, "id outside the one-byte range");
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// fuzz_prefix_reuse
//   flags     bit 0: the 5-argument block form; bit 1: the request namespace is the cache's;
//             bit 2: narrow tokens (each byte & 0x81: long prefixes, still both signs);
//             bit 3: the cache namespace is passed as std::string (else std::string_view);
//             bit 4: stretch -- a byte k follows, and every token byte is repeated k + 1 times
//             (at most max_prefix_tokens each), so kilobyte-long equal prefixes are cheap
//   types     cached id type = byte % 5, requested = byte / 5 % 5; if either is char, both are
//   stretch   (bit 4 only) byte
//   block     int_value (block form only)
//   cache_ns, request_ns (unless flag bit 1): text
//   cached    length byte, token bytes
//   shared    byte: the requested tokens start with the first `shared` cached token bytes ...
//   requested ... followed by a length byte and token bytes
// ---------------------------------------------------------------------------------------------

struct no_block {};

inline constexpr std::size_t max_prefix_tokens = std::size_t{1} << 15;

struct prefix_case {
  std::uint8_t flags = 0, cached_type = 0, requested_type = 0;
  int_value block;
  std::string cache_ns, request_ns;
  std::vector<std::uint8_t> cached, requested;

  template <class F>
  void visit(F&& f) const {
    with_id_type(cached_type, [&]<class C>(std::type_identity<C>) {
      with_id_type(requested_type, [&]<class R>(std::type_identity<R>) {
        if constexpr (std::is_same_v<C, char> == std::is_same_v<R, char>) {
          const auto c = ids_from_bytes<C>(cached);
          const auto r = ids_from_bytes<R>(requested);
          const std::string_view request{request_ns};
          const auto call = [&](const auto& cache) {
            if (flags & 1U)
              block.visit([&](auto block_size) { f(cache, request, c, r, block_size); });
            else
              f(cache, request, c, r, no_block{});
          };
          if (flags & 8U)
            call(cache_ns);
          else
            call(std::string_view{cache_ns});
        }
      });
    });
  }
};

inline prefix_case decode_prefix(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  prefix_case c;
  c.flags = in.byte();
  const std::uint8_t types = in.byte();
  c.cached_type = static_cast<std::uint8_t>(types % 5);
  c.requested_type = static_cast<std::uint8_t>(types / 5 % 5);
  if (c.cached_type == 0 || c.requested_type == 0) c.cached_type = c.requested_type = 0;
  const std::size_t stretch = (c.flags & 16U) ? std::size_t{in.byte()} + 1 : 1;
  if (c.flags & 1U) c.block = read_int(in);
  c.cache_ns = in.text();
  c.request_ns = (c.flags & 2U) ? c.cache_ns : in.text();
  c.cached = in.bytes(in.byte());
  const std::size_t shared = std::min<std::size_t>(in.byte(), c.cached.size());
  c.requested.assign(c.cached.begin(), c.cached.begin() + static_cast<std::ptrdiff_t>(shared));
  for (const auto b : in.bytes(in.byte())) c.requested.push_back(b);
  if (c.flags & 4U) {
    for (auto& b : c.cached) b &= 0x81U;
    for (auto& b : c.requested) b &= 0x81U;
  }
  for (auto* tokens : {&c.cached, &c.requested}) {
    std::vector<std::uint8_t> stretched;
    for (std::size_t i = 0; i < tokens->size() && stretched.size() < max_prefix_tokens; ++i)
      stretched.resize(std::min(stretched.size() + stretch, max_prefix_tokens), (*tokens)[i]);
    *tokens = std::move(stretched);
  }
  return c;
}

// `block_size...` is empty for the 4-argument form.
template <class Cached, class Requested, class... Block>
std::vector<std::uint8_t> encode_prefix(std::string_view cache_ns, std::string_view request_ns,
                                        const Cached& cached, const Requested& requested,
                                        Block... block_size) {
  using C = std::remove_cvref_t<decltype(*std::begin(cached))>;
  using R = std::remove_cvref_t<decltype(*std::begin(requested))>;
  writer out;
  out.byte(static_cast<std::uint8_t>(sizeof...(Block)));  // flag bit 0: block form
  out.byte(static_cast<std::uint8_t>(id_tag<C> + 5 * id_tag<R>));
  (write_int(out, block_size), ...);
  out.text(cache_ns);
  out.text(request_ns);
  const auto c = ids_to_bytes(cached);
  const auto r = ids_to_bytes(requested);
  std::size_t shared = 0;
  while (shared < c.size() && shared < r.size() && c[shared] == r[shared]) ++shared;
  out.bytes(c);
  out.byte(static_cast<std::uint8_t>(shared));
  out.bytes({r.begin() + static_cast<std::ptrdiff_t>(shared), r.end()});
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_append_admission
//   capacity, used, requested: int_value each
//   then up to 64 budget operations to the end: op byte (bit 0: release, else try_reserve),
//   int_value
// ---------------------------------------------------------------------------------------------

struct budget_op {
  bool release = false;
  int_value n;
};

struct admission_case {
  int_value capacity, used, requested;
  std::vector<budget_op> ops;

  template <class F>
  void visit(F&& f) const {  // f(capacity, used, requested), typed
    capacity.visit([&](auto cap) {
      used.visit([&](auto u) { requested.visit([&](auto r) { f(cap, u, r); }); });
    });
  }
};

inline admission_case decode_admission(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  admission_case c;
  c.capacity = read_int(in);
  c.used = read_int(in);
  c.requested = read_int(in);
  while (!in.done() && c.ops.size() < 64) {
    const bool release = in.byte() & 1U;
    c.ops.push_back({release, read_int(in)});
  }
  return c;
}

template <class Capacity, class Used, class Requested>
std::vector<std::uint8_t> encode_admission(Capacity capacity, Used used, Requested requested) {
  writer out;
  write_int(out, capacity);
  write_int(out, used);
  write_int(out, requested);
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_segment_positions and fuzz_segment_offsets
//   id type   byte % 5
//   output    byte: bits 0-3 % 9 the output element type (int8..uint64, size_t); bit 7: the
//             offsets target sizes its output from n + 1 instead of runs + 1
//   delta     byte, as int8: output size = base + delta (at least 0); positions' base is n
//   runs      (id byte, length byte) pairs to the end, length = byte + 1 (1..256): runs long
//             enough to overflow an 8-bit output (positions from 128, totals from 128 or 256) are
//             one or two pairs. Consecutive pairs with equal ids form one run. At most
//             max_segment_tokens ids: 16-bit overflow would need 32K-token inputs, which cost ~25
//             ms each under the sanitizers, and the error path is the same code for every type.
// ---------------------------------------------------------------------------------------------

inline constexpr std::size_t max_segment_tokens = 1024;

struct segments_case {
  std::uint8_t id_type = 0, out_type = 0;
  bool base_from_total = false;
  int delta = 0;
  std::vector<std::uint8_t> ids;

  std::size_t out_size(std::size_t base) const {
    const auto magnitude = static_cast<std::size_t>(delta < 0 ? -delta : delta);
    if (delta >= 0) return base + magnitude;
    return base > magnitude ? base - magnitude : 0;
  }
  template <class F>
  void visit(F&& f) const {  // f(const std::vector<S>& ids, std::type_identity<P> output type)
    with_id_type(id_type, [&]<class S>(std::type_identity<S>) {
      const auto typed = ids_from_bytes<S>(ids);
      with_int_type(out_type, [&](auto output) { f(typed, output); });
    });
  }
};

inline segments_case decode_segments(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  segments_case c;
  c.id_type = static_cast<std::uint8_t>(in.byte() % 5);
  const std::uint8_t output = in.byte();
  c.out_type = static_cast<std::uint8_t>((output & 0x0FU) % 9);
  c.base_from_total = (output & 0x80U) != 0;
  c.delta = static_cast<std::int8_t>(in.byte());
  while (!in.done() && c.ids.size() < max_segment_tokens) {
    const std::uint8_t id = in.byte();
    const std::size_t length = std::size_t{in.byte()} + 1;
    c.ids.resize(std::min(c.ids.size() + length, max_segment_tokens), id);
  }
  return c;
}

// `out_type` and `delta` are the fuzz harness's own choices, not the fixture's: the seeds use
// std::size_t outputs of exactly the contract's size.
template <class Ids>
std::vector<std::uint8_t> encode_segments(const Ids& segments) {
  using S = std::remove_cvref_t<decltype(*std::begin(segments))>;
  need(std::size(segments) <= max_segment_tokens, "more tokens than the format holds");
  writer out;
  out.byte(id_tag<S>);
  out.byte(8);  // std::size_t, base runs + 1
  out.byte(0);
  const auto bytes = ids_to_bytes(segments);
  for (std::size_t i = 0; i < bytes.size();) {
    std::size_t run = 1;
    while (i + run < bytes.size() && run < 256 && bytes[i + run] == bytes[i]) ++run;
    out.byte(bytes[i]);
    out.byte(static_cast<std::uint8_t>(run - 1));
    i += run;
  }
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_batch_admission
//   capacity, used: int_value each
//   request type byte % 8; count byte % 65; per request a mode byte and `read_bits` of that mode
// ---------------------------------------------------------------------------------------------

struct batch_case {
  int_value capacity, used;
  std::uint8_t request_type = 0;
  std::vector<std::uint64_t> requests;  // bits

  template <class F>
  void visit(F&& f) const {  // f(capacity, used, const std::vector<T>& requests)
    with_int_type(request_type, [&]<class T>(std::type_identity<T>) {
      std::vector<T> typed;
      for (const auto bits : requests) typed.push_back(static_cast<T>(bits));
      capacity.visit([&](auto cap) { used.visit([&](auto u) { f(cap, u, typed); }); });
    });
  }
};

inline batch_case decode_batch(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  batch_case c;
  c.capacity = read_int(in);
  c.used = read_int(in);
  c.request_type = static_cast<std::uint8_t>(in.byte() % 8);
  const std::size_t count = in.byte() % 65U;
  for (std::size_t i = 0; i < count && !in.done(); ++i)
    c.requests.push_back(read_bits(in, c.request_type, in.byte()));
  return c;
}

template <class Capacity, class Used, class Requests>
std::vector<std::uint8_t> encode_batch(Capacity capacity, Used used, const Requests& requests) {
  using T = std::remove_cvref_t<decltype(*std::begin(requests))>;
  writer out;
  write_int(out, capacity);
  write_int(out, used);
  out.byte(int_tag<T>);
  need(std::size(requests) <= 64, "more than 64 requests");
  out.byte(static_cast<std::uint8_t>(std::size(requests)));
  for (const T request : requests) {
    out.byte(0);  // mode 0
    out.u64(static_cast<std::uint64_t>(request));
  }
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_request_admission
//   the fuzz_batch_admission format (a batch_case), except that bits 2-7 of each request's mode
//   byte repeat it: the entry stands for (mode >> 2) + 1 equal requests, so 64 entries hold up to
//   4096 requests and a queue of 300 zero-size requests is a few bytes
// ---------------------------------------------------------------------------------------------

inline constexpr std::size_t max_request_repeat = 64;

inline batch_case decode_requests(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  batch_case c;
  c.capacity = read_int(in);
  c.used = read_int(in);
  c.request_type = static_cast<std::uint8_t>(in.byte() % 8);
  const std::size_t count = in.byte() % 65U;
  for (std::size_t i = 0; i < count && !in.done(); ++i) {
    const std::uint8_t mode = in.byte();
    const std::uint64_t bits = read_bits(in, c.request_type, mode);
    c.requests.insert(c.requests.end(), std::size_t{mode / 4U} + 1, bits);
  }
  return c;
}

// Runs of equal requests become one entry each (at most max_request_repeat requests).
template <class Capacity, class Used, class Requests>
std::vector<std::uint8_t> encode_requests(Capacity capacity, Used used, const Requests& requests) {
  using T = std::remove_cvref_t<decltype(*std::begin(requests))>;
  std::vector<std::pair<T, std::size_t>> runs;
  for (const T request : requests) {
    if (!runs.empty() && runs.back().first == request && runs.back().second < max_request_repeat)
      ++runs.back().second;
    else
      runs.emplace_back(request, 1);
  }
  writer out;
  write_int(out, capacity);
  write_int(out, used);
  out.byte(int_tag<T>);
  need(runs.size() <= 64, "more than 64 runs of equal requests");
  out.byte(static_cast<std::uint8_t>(runs.size()));
  for (const auto& [request, repeat] : runs) {
    out.byte(static_cast<std::uint8_t>((repeat - 1) << 2));  // mode 0, repeated
    out.u64(static_cast<std::uint64_t>(request));
  }
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_cache_namespace
//   flags    bits 0-3: the second namespace copies the first's model, adapter, revision, salt;
//            bit 4: narrow alphabet (characters 'a'/'b', revisions 0/1: aliasing happens often)
//   first    model text, adapter text, revision u64, salt text
//   second   its fields not copied, in the same order
//   tokens   cached and requested: length byte and int32 token bytes each
// ---------------------------------------------------------------------------------------------

struct namespace_fields {
  std::string model, adapter;
  std::uint64_t revision = 0;
  std::string salt;
};

struct namespace_case {
  namespace_fields a, b;
  std::vector<std::int32_t> cached, requested;
};

inline namespace_case decode_namespaces(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  namespace_case c;
  const std::uint8_t flags = in.byte();
  const auto read = [&](namespace_fields& ns, unsigned copy) {
    ns.model = (copy & 1U) ? c.a.model : in.text();
    ns.adapter = (copy & 2U) ? c.a.adapter : in.text();
    ns.revision = (copy & 4U) ? c.a.revision : in.u64();
    ns.salt = (copy & 8U) ? c.a.salt : in.text();
    if (flags & 16U) {
      for (auto* s : {&ns.model, &ns.adapter, &ns.salt})
        for (char& ch : *s) ch = static_cast<char>('a' + (ch & 1));
      ns.revision &= 1U;
    }
  };
  read(c.a, 0);
  read(c.b, flags & 15U);
  c.cached = ids_from_bytes<std::int32_t>(in.bytes(in.byte()));
  c.requested = ids_from_bytes<std::int32_t>(in.bytes(in.byte()));
  return c;
}

template <class Namespace, class Cached, class Requested>
std::vector<std::uint8_t> encode_namespaces(const Namespace& a, const Namespace& b,
                                            const Cached& cached, const Requested& requested) {
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(*std::begin(cached))>, int>);
  writer out;
  out.byte(0);
  for (const Namespace* ns : {&a, &b}) {
    out.text(ns->model);
    out.text(ns->adapter);
    out.u64(ns->adapter_revision);
    out.text(ns->salt);
  }
  out.bytes(ids_to_bytes(cached));
  out.bytes(ids_to_bytes(requested));
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_multimodal_prefix
//   flags     bit 0: the policy form (a block byte follows the types); bit 1: the request
//             namespace is the cache's; bit 2: narrow tokens (each byte & 0x81); bit 3: the cache
//             namespace is passed as std::string (else std::string_view); bit 4: stretch -- a
//             byte k follows, every token byte is repeated k + 1 times (at most
//             max_multimodal_tokens each) and every item offset and length is multiplied by k + 1;
//             bit 5: the policy recomputes the last token
//   types     cached id type = byte % 5, requested = byte / 5 % 5; if either is char, both are
//   stretch   (bit 4 only) byte
//   block     (bit 0 only) byte: the policy's block size
//   cache_ns, request_ns (unless flag bit 1): text
//   cached    length byte, token bytes
//   shared    byte: the requested tokens start with the first `shared` cached token bytes ...
//   requested ... followed by a length byte and token bytes
//   items     cached: count byte % 17, then the items; requested: a byte `copied` (the first
//             `copied` cached items, unchanged), then count byte % 17 more items. One item: a mode
//             byte, then offset, length and hash, each 8 bytes if the mode's bit 0, 1 or 2 says so,
//             else one; with mode bit 3 the offset counts from the previous item's end (a gap:
//             sorted, disjoint lists come often), else from 0. Offsets, lengths and hashes are
//             taken as they are: unsorted, overlapping and out-of-range lists are the point.
// ---------------------------------------------------------------------------------------------

inline constexpr std::size_t max_multimodal_tokens = std::size_t{1} << 14;
inline constexpr std::size_t max_multimodal_items = 16;

/// An item as the codec holds it (the fuzz targets build no kvc types here).
struct item_fields {
  std::uint64_t offset = 0, length = 0, hash = 0;
  friend bool operator==(const item_fields&, const item_fields&) = default;
};

struct no_policy {};

struct multimodal_case {
  std::uint8_t flags = 0, cached_type = 0, requested_type = 0, block = 0;
  std::string cache_ns, request_ns;
  std::vector<std::uint8_t> cached, requested;
  std::vector<item_fields> cached_items, requested_items;

  bool policy_form() const { return (flags & 1U) != 0; }
  bool recompute_last() const { return (flags & 32U) != 0; }

  // f(cache_ns, request_ns, cached tokens, requested tokens, policy or no_policy), the tokens as
  // std::vector<C> and std::vector<R>; the items stay in the case.
  template <class F>
  void visit(F&& f) const {
    with_id_type(cached_type, [&]<class C>(std::type_identity<C>) {
      with_id_type(requested_type, [&]<class R>(std::type_identity<R>) {
        if constexpr (std::is_same_v<C, char> == std::is_same_v<R, char>) {
          const auto c = ids_from_bytes<C>(cached);
          const auto r = ids_from_bytes<R>(requested);
          const std::string_view request{request_ns};
          const auto call = [&](const auto& cache) {
            if (policy_form())
              f(cache, request, c, r, std::pair<std::size_t, bool>{block, recompute_last()});
            else
              f(cache, request, c, r, no_policy{});
          };
          if (flags & 8U)
            call(cache_ns);
          else
            call(std::string_view{cache_ns});
        }
      });
    });
  }
};

inline item_fields read_item(reader& in, std::uint64_t previous_end) {
  const std::uint8_t mode = in.byte();
  const auto field = [&](unsigned bit) -> std::uint64_t {
    return (mode & (1U << bit)) ? in.u64() : in.byte();
  };
  item_fields item;
  item.offset = field(0);
  if (mode & 8U) item.offset += previous_end;  // wraps like the values it models
  item.length = field(1);
  item.hash = field(2);
  return item;
}

inline std::vector<item_fields> read_items(reader& in, std::vector<item_fields> items) {
  const std::size_t count = in.byte() % (max_multimodal_items + 1);
  for (std::size_t i = 0; i < count && !in.done(); ++i) {
    const std::uint64_t previous_end =
        items.empty() ? 0 : items.back().offset + items.back().length;
    items.push_back(read_item(in, previous_end));
  }
  return items;
}

inline multimodal_case decode_multimodal(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  multimodal_case c;
  c.flags = in.byte();
  const std::uint8_t types = in.byte();
  c.cached_type = static_cast<std::uint8_t>(types % 5);
  c.requested_type = static_cast<std::uint8_t>(types / 5 % 5);
  if (c.cached_type == 0 || c.requested_type == 0) c.cached_type = c.requested_type = 0;
  const std::size_t stretch = (c.flags & 16U) ? std::size_t{in.byte()} + 1 : 1;
  if (c.flags & 1U) c.block = in.byte();
  c.cache_ns = in.text();
  c.request_ns = (c.flags & 2U) ? c.cache_ns : in.text();
  c.cached = in.bytes(in.byte());
  const std::size_t shared = std::min<std::size_t>(in.byte(), c.cached.size());
  c.requested.assign(c.cached.begin(), c.cached.begin() + static_cast<std::ptrdiff_t>(shared));
  for (const auto b : in.bytes(in.byte())) c.requested.push_back(b);
  c.cached_items = read_items(in, {});
  const std::size_t copied = std::min<std::size_t>(in.byte(), c.cached_items.size());
  c.requested_items = read_items(
      in, {c.cached_items.begin(), c.cached_items.begin() + static_cast<std::ptrdiff_t>(copied)});
  if (c.flags & 4U) {
    for (auto& b : c.cached) b &= 0x81U;
    for (auto& b : c.requested) b &= 0x81U;
  }
  if (stretch > 1) {
    for (auto* tokens : {&c.cached, &c.requested}) {
      std::vector<std::uint8_t> stretched;
      for (std::size_t i = 0; i < tokens->size() && stretched.size() < max_multimodal_tokens; ++i)
        stretched.resize(std::min(stretched.size() + stretch, max_multimodal_tokens), (*tokens)[i]);
      *tokens = std::move(stretched);
    }
    for (auto* items : {&c.cached_items, &c.requested_items})
      for (auto& item : *items) {
        item.offset *= stretch;
        item.length *= stretch;
      }
  }
  return c;
}

template <class Items>
void write_items(writer& out, const Items& items) {
  need(std::size(items) <= max_multimodal_items, "more than 16 items");
  out.byte(static_cast<std::uint8_t>(std::size(items)));
  for (const auto& item : items) {
    const std::uint64_t fields[] = {item.offset, item.length, item.content_hash};
    std::uint8_t mode = 0;
    for (unsigned bit = 0; bit < 3; ++bit)
      if (fields[bit] > 0xFF) mode = static_cast<std::uint8_t>(mode | (1U << bit));
    out.byte(mode);
    for (unsigned bit = 0; bit < 3; ++bit) {
      if (mode & (1U << bit))
        out.u64(fields[bit]);
      else
        out.byte(static_cast<std::uint8_t>(fields[bit]));
    }
  }
}

// The 6-argument form: `inputs` in the order the multimodal suites call an implementation.
template <class Cached, class CachedItems, class Requested, class RequestedItems>
std::vector<std::uint8_t> encode_multimodal(std::string_view cache_ns, std::string_view request_ns,
                                            const Cached& cached, const CachedItems& cached_items,
                                            const Requested& requested,
                                            const RequestedItems& requested_items) {
  using C = std::remove_cvref_t<decltype(*std::begin(cached))>;
  using R = std::remove_cvref_t<decltype(*std::begin(requested))>;
  writer out;
  out.byte(0);
  out.byte(static_cast<std::uint8_t>(id_tag<C> + 5 * id_tag<R>));
  out.text(cache_ns);
  out.text(request_ns);
  const auto c = ids_to_bytes(cached);
  const auto r = ids_to_bytes(requested);
  std::size_t shared = 0;
  while (shared < c.size() && shared < r.size() && c[shared] == r[shared]) ++shared;
  out.bytes(c);
  out.byte(static_cast<std::uint8_t>(shared));
  out.bytes({r.begin() + static_cast<std::ptrdiff_t>(shared), r.end()});
  write_items(out, cached_items);
  out.byte(0);  // no cached item copied
  write_items(out, requested_items);
  return out.out;
}

// ---------------------------------------------------------------------------------------------
// fuzz_offsets_from_positions
//   type      byte % 8: the position type (int_types 0-7, int8_t .. uint64_t)
//   shape     byte: bit 0: the component form; bits 1-2: C (0-3); bits 3-4: how many values (0-3)
//             follow the rows, so that the size need not be a multiple of C
//   output    byte: bits 0-3 % 9 the output element type (int_types); bit 7: the output is sized
//             from the input's size + 1 instead of sequences + 1
//   delta     byte, as int8: output size = base + delta (at least 0)
//   tokens    two bytes, little-endian, % (max_position_tokens + 1): N
//   values    C rows (1 without the component form) of N op bytes, then the extra values' ops.
//             op % 4: 0 = the row's last value + 1 (a row's first: 0), so sequences are cheap;
//             1 = 0; 2 = the last value again (M-RoPE); 3 = the literal op >> 2, as a signed 6-bit
//             value (-32..31: -1 is padding). A missing byte is op 0. Values are cast to the type.
// ---------------------------------------------------------------------------------------------

inline constexpr std::size_t max_position_tokens = 1024;

struct positions_case {
  std::uint8_t type = 0, out_type = 0, extra = 0;
  bool with_components = false, base_from_total = false;
  std::size_t components = 0;
  int delta = 0;
  std::vector<std::int64_t> values;  // before the cast to the position type

  std::size_t out_size(std::size_t base) const {
    const auto magnitude = static_cast<std::size_t>(delta < 0 ? -delta : delta);
    if (delta >= 0) return base + magnitude;
    return base > magnitude ? base - magnitude : 0;
  }
  template <class F>
  void visit(F&& f) const {  // f(const std::vector<T>& positions, std::type_identity<P>)
    with_int_type(type, [&]<class T>(std::type_identity<T>) {
      std::vector<T> typed;
      for (const auto value : values) typed.push_back(static_cast<T>(value));
      with_int_type(out_type, [&](auto output) { f(typed, output); });
    });
  }
};

inline std::int64_t position_from_op(std::uint8_t op, std::int64_t last) {
  switch (op % 4U) {
    case 0: return last + 1;
    case 1: return 0;
    case 2: return last;
    default: return static_cast<std::int8_t>(op) >> 2;
  }
}

inline positions_case decode_positions(const std::uint8_t* data, std::size_t size) {
  reader in(data, size);
  positions_case c;
  c.type = static_cast<std::uint8_t>(in.byte() % 8);
  const std::uint8_t shape = in.byte();
  c.with_components = (shape & 1U) != 0;
  c.components = (shape >> 1) & 3U;
  c.extra = static_cast<std::uint8_t>((shape >> 3) & 3U);
  const std::uint8_t output = in.byte();
  c.out_type = static_cast<std::uint8_t>((output & 0x0FU) % 9);
  c.base_from_total = (output & 0x80U) != 0;
  c.delta = static_cast<std::int8_t>(in.byte());
  const std::size_t low = in.byte();
  const std::size_t tokens = (low | std::size_t{in.byte()} << 8) % (max_position_tokens + 1);
  const std::size_t rows = c.with_components ? c.components : 1;
  for (std::size_t row = 0; row < rows; ++row) {
    std::int64_t last = -1;
    for (std::size_t i = 0; i < tokens; ++i) c.values.push_back(last = position_from_op(in.byte(), last));
  }
  std::int64_t last = -1;
  for (std::size_t i = 0; i < c.extra; ++i) c.values.push_back(last = position_from_op(in.byte(), last));
  return c;
}

// The ops that give `row` back (whatever its type, by value), or an exception.
template <class Row>
void write_position_ops(writer& out, const Row& row) {
  std::int64_t last = -1;
  for (const auto raw : row) {
    need(std::in_range<std::int64_t>(raw), "position outside int64");
    const auto value = static_cast<std::int64_t>(raw);
    if (value == last + 1)
      out.byte(0);
    else if (value == 0)
      out.byte(1);
    else if (value == last)
      out.byte(2);
    else if (value >= -32 && value <= 31)
      out.byte(static_cast<std::uint8_t>(3U | (static_cast<unsigned>(value) & 63U) << 2));
    else
      need(false, "a position that is neither the last + 1, 0, the last, nor in [-32, 31]");
    last = value;
  }
}

// One row (`components...` empty) or C rows of the component form. As for the segments, the
// output type and size are the harness's choices: the seeds use std::size_t outputs sized
// sequences + 1.
template <class Positions, class... Components>
std::vector<std::uint8_t> encode_positions(const Positions& positions, Components... components) {
  static_assert(sizeof...(Components) <= 1);
  using T = std::remove_cvref_t<decltype(*std::begin(positions))>;
  const std::size_t values = std::size(positions);
  writer out;
  out.byte(int_tag<T>);
  std::size_t rows = 1;
  if constexpr (sizeof...(Components) == 1) {
    ((rows = static_cast<std::size_t>(components)), ...);
    need(rows >= 1 && rows <= 3 && values % rows == 0, "a component count other than 1-3 of whole rows");
    out.byte(static_cast<std::uint8_t>(1U | rows << 1));
  } else {
    out.byte(0);
  }
  out.byte(8);  // std::size_t, base sequences + 1
  out.byte(0);
  const std::size_t tokens = values / rows;
  need(tokens <= max_position_tokens, "more tokens than the format holds");
  out.byte(static_cast<std::uint8_t>(tokens & 0xFFU));
  out.byte(static_cast<std::uint8_t>(tokens >> 8));
  for (std::size_t row = 0; row < rows; ++row)
    write_position_ops(out, std::span<const T>(std::data(positions), values).subspan(row * tokens, tokens));
  return out.out;
}

}  // namespace kvc_fuzz

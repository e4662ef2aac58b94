// Runtime tests of kvc::cache_namespace and kvc::owning_cache_namespace: field-by-field equality,
// aliasing attempts that a concatenated string key would merge, one hash for the owning and the
// viewing form, heterogeneous lookup in an unordered_map, and a sanity check of the hash spread.
#include <doctest/doctest.h>

#include <kvc/cache_namespace.hpp>
#include <kvc/prefix_reuse.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

using namespace std::string_view_literals;

// Oracle equality: every field compared on its own, written out rather than through ==.
bool oracle_equal(const kvc::cache_namespace& a, const kvc::cache_namespace& b) {
  return a.model.compare(b.model) == 0 && a.adapter.compare(b.adapter) == 0 &&
         !(a.adapter_revision < b.adapter_revision) && !(b.adapter_revision < a.adapter_revision) &&
         a.salt.compare(b.salt) == 0;
}

// Every way to cut `text` into (model, adapter, salt), in order. Concatenating the three string
// fields gives `text` back for all of them, so a key built by concatenation would alias them all.
std::vector<kvc::cache_namespace> every_split(std::string_view text, std::uint64_t revision) {
  std::vector<kvc::cache_namespace> splits;
  for (std::size_t i = 0; i <= text.size(); ++i)
    for (std::size_t j = i; j <= text.size(); ++j)
      splits.push_back({text.substr(0, i), text.substr(i, j - i), revision, text.substr(j)});
  return splits;
}

// All four hashing entry points agree on `ns`, both for the view and for its owning copy.
void check_hash_entry_points(const kvc::cache_namespace& ns) {
  const auto owning = kvc::owning_cache_namespace::from(ns);
  const std::size_t h = kvc::hash_value(ns);
  CHECK(hash_value(ns) == h);  // found by ADL
  CHECK(std::hash<kvc::cache_namespace>{}(ns) == h);
  CHECK(kvc::cache_namespace_hash{}(ns) == h);
  CHECK(kvc::hash_value(owning) == h);
  CHECK(std::hash<kvc::owning_cache_namespace>{}(owning) == h);
  CHECK(kvc::cache_namespace_hash{}(owning) == h);
  CHECK(kvc::hash_value(owning.view()) == h);
}

// Random printable strings, short enough that equal and prefix-related strings occur.
std::string random_text(std::mt19937_64& rng, std::size_t max_len) {
  std::uniform_int_distribution<std::size_t> length(0, max_len);
  std::uniform_int_distribution<int> letter(0, 3);
  std::string text(length(rng), 'a');
  for (auto& c : text) c = "ab_1"[letter(rng)];
  return text;
}

}  // namespace

TEST_CASE("cache_namespace: aggregates with field-by-field equality") {
  const kvc::cache_namespace base{"llama", "sql", 3, "org_1"};
  // Equal fields in different storage: equality is by content, not by address.
  const std::string model = "llama", adapter = "sql", salt = "org_1";
  CHECK(base == kvc::cache_namespace{model, adapter, 3, salt});
  SUBCASE("each field alone makes a difference") {
    const std::array<kvc::cache_namespace, 8> others{{
        {"llama2", "sql", 3, "org_1"},
        {"llam", "sql", 3, "org_1"},
        {"llama", "sq", 3, "org_1"},
        {"llama", "", 3, "org_1"},
        {"llama", "sql", 4, "org_1"},
        {"llama", "sql", 0, "org_1"},
        {"llama", "sql", 3, "org_"},
        {"llama", "sql", 3, ""},
    }};
    for (const auto& other : others) {
      CAPTURE(other.model);
      CAPTURE(other.adapter);
      CAPTURE(other.adapter_revision);
      CAPTURE(other.salt);
      CHECK_FALSE(base == other);
      CHECK(base != other);
      CHECK_FALSE(oracle_equal(base, other));
    }
  }
  SUBCASE("owning form: from, view and comparisons both ways") {
    const kvc::owning_cache_namespace owning{"llama", "sql", 3, "org_1"};
    CHECK(owning == base);
    CHECK(base == owning);
    CHECK(owning == kvc::owning_cache_namespace::from(base));
    CHECK(owning.view() == base);
    CHECK(kvc::owning_cache_namespace::from(base).view() == base);
    CHECK(owning != kvc::cache_namespace{"llama", "sql", 3, "org_12"});
    CHECK(kvc::cache_namespace{"llama", "sql", 2, "org_1"} != owning);
    // The owning copy does not view the source's storage.
    const auto copy =
        kvc::owning_cache_namespace::from(kvc::cache_namespace{model, adapter, 3, salt});
    CHECK(copy.view().model.data() != model.data());
    CHECK(copy == base);
  }
  SUBCASE("random namespaces against the oracle") {
    // The second namespace copies the first and redraws each field with probability 1/3, so equal
    // and unequal pairs both occur often.
    std::mt19937_64 rng(101);
    std::uniform_int_distribution<std::uint64_t> revision(0, 2);
    std::bernoulli_distribution redraw(1.0 / 3);
    std::size_t equal = 0;
    std::size_t unequal = 0;
    for (int iteration = 0; iteration < 2000; ++iteration) {
      const std::string m1 = random_text(rng, 2), a1 = random_text(rng, 2),
                        s1 = random_text(rng, 2);
      const std::string m2 = redraw(rng) ? random_text(rng, 2) : m1;
      const std::string a2 = redraw(rng) ? random_text(rng, 2) : a1;
      const std::string s2 = redraw(rng) ? random_text(rng, 2) : s1;
      const kvc::cache_namespace x{m1, a1, revision(rng), s1};
      const kvc::cache_namespace y{m2, a2, redraw(rng) ? revision(rng) : x.adapter_revision, s2};
      const bool expected = oracle_equal(x, y);
      ++(expected ? equal : unequal);
      const bool hashes_agree = !expected || kvc::hash_value(x) == kvc::hash_value(y);
      if ((x == y) != expected || (kvc::owning_cache_namespace::from(x) == y) != expected ||
          !hashes_agree) {
        INFO("iteration " << iteration << ": " << m1 << "|" << a1 << "|" << x.adapter_revision
                          << "|" << s1 << " vs " << m2 << "|" << a2 << "|" << y.adapter_revision
                          << "|" << s2);
        CHECK((x == y) == expected);
        CHECK((kvc::owning_cache_namespace::from(x) == y) == expected);
        CHECK(hashes_agree);  // equal namespaces hash equal
        break;
      }
    }
    CHECK(equal > 200);
    CHECK(unequal > 200);
  }
}

TEST_CASE("cache_namespace: aliasing attempts are different namespaces with different hashes") {
  const auto check_distinct = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b) {
    CHECK_FALSE(a == b);
    CHECK_FALSE(b == a);
    CHECK_FALSE(kvc::owning_cache_namespace::from(a) == b);
    CHECK_FALSE(kvc::owning_cache_namespace::from(a) == kvc::owning_cache_namespace::from(b));
    CHECK(kvc::hash_value(a) != kvc::hash_value(b));
    CHECK(kvc::hash_value(kvc::owning_cache_namespace::from(a)) != kvc::hash_value(b));
    // And nothing is reused across them, whatever the tokens.
    const std::array<int, 4> tokens{1, 2, 3, 4};
    CHECK(kvc::reusable_prefix_length(a, b, tokens, tokens) == 0);
    CHECK(kvc::reusable_prefix_length(a, b, tokens, tokens, 1) == 0);
  };
  SUBCASE("SGLang-style unprefixed salt: (org_1, 2345) against (org_12345, \"\")") {
    check_distinct({"m", "org_1", 0, "2345"}, {"m", "org_12345", 0, ""});  // adapter | salt
    check_distinct({"org_1", "2345", 0, ""}, {"org_12345", "", 0, ""});    // model | adapter
    check_distinct({"org_1", "", 0, "2345"}, {"org_12345", "", 0, ""});    // model | salt
    check_distinct({"m", "", 0, "org_12345"}, {"m", "org_1", 0, "2345"});
    check_distinct({"m", "a", 0, "org_1"}, {"m", "a", 0, "org_12345"});  // salt prefix
  }
  SUBCASE("every cut of one string across model, adapter and salt") {
    for (const std::string_view text : {"org_12345"sv, "aaaa"sv, "ab"sv}) {
      CAPTURE(text);
      const auto splits = every_split(text, 7);
      std::set<std::size_t> hashes;
      std::size_t equal_pairs = 0;
      for (std::size_t i = 0; i < splits.size(); ++i) {
        hashes.insert(kvc::hash_value(splits[i]));
        for (std::size_t j = 0; j < splits.size(); ++j)
          if ((splits[i] == splits[j]) != (i == j)) ++equal_pairs;
      }
      CHECK(equal_pairs == 0);
      CHECK(hashes.size() == splits.size());  // (text.size() + 1)(text.size() + 2) / 2 of them
    }
  }
  SUBCASE("separator and NUL tricks") {
    // A key joined with '|' or '\0' would alias these.
    check_distinct({"a|b", "c", 0, ""}, {"a", "b|c", 0, ""});
    check_distinct({"a\0"sv, "b", 0, ""}, {"a", "\0b"sv, 0, ""});
    check_distinct({"a", ""sv, 0, "\0"sv}, {"a", "\0"sv, 0, ""});
    check_distinct({"a\0"sv, "", 0, ""}, {"a", "", 0, ""});
    // Revision digits moving into the salt: 1 + "2" against 12 + "".
    check_distinct({"m", "a", 1, "2"}, {"m", "a", 12, ""});
    check_distinct({"m", "a1", 2, ""}, {"m", "a", 12, ""});
    // A length field moving into content: the hash prefixes lengths, so try lengths as text.
    check_distinct({"\x01", "", 0, ""}, {"", "\x01", 0, ""});
    check_distinct({"", "", 0, ""}, {"", "", 0, "\0"sv});
    check_distinct({"", "", 0, ""}, {"\0\0\0\0\0\0\0\0"sv, "", 0, ""});
  }
  SUBCASE("vLLM: one adapter name, different revisions") {
    for (const std::uint64_t r :
         std::array<std::uint64_t, 6>{0, 1, 255, 256, 1ULL << 32, UINT64_MAX - 1}) {
      CAPTURE(r);
      check_distinct({"llama", "sql-lora", r, "org"}, {"llama", "sql-lora", r + 1, "org"});
    }
    check_distinct({"llama", "sql-lora", 0, ""}, {"llama", "sql-lora", UINT64_MAX, ""});
    check_distinct({"llama", "sql-lora", 1ULL << 56, ""}, {"llama", "sql-lora", 1, ""});
  }
  SUBCASE("base model against an adapter of it") {
    check_distinct({"llama", "", 0, ""}, {"llama", "lora", 0, ""});
    check_distinct({"llama", "", 0, ""}, {"llama", "", 1, ""});  // revision without adapter name
    check_distinct({"llama-lora", "", 0, ""}, {"llama", "-lora", 0, ""});
    check_distinct({"llama", "", 0, "lora"}, {"llama", "lora", 0, ""});
    check_distinct({"lora", "", 0, ""}, {"", "lora", 0, ""});
  }
}

TEST_CASE("cache_namespace: owning and view hash the same through every entry point") {
  check_hash_entry_points({});
  check_hash_entry_points({"llama", "sql", 3, "org_1"});
  check_hash_entry_points({"", "", UINT64_MAX, ""});
  check_hash_entry_points({"a\0b"sv, "\xff", 1, std::string_view("\0", 1)});
  SUBCASE("random namespaces, hashed from different storage") {
    std::mt19937_64 rng(102);
    for (int iteration = 0; iteration < 300; ++iteration) {
      CAPTURE(iteration);
      const std::string model = random_text(rng, 20), adapter = random_text(rng, 5),
                        salt = random_text(rng, 40);
      const kvc::cache_namespace ns{model, adapter, rng(), salt};
      check_hash_entry_points(ns);
      // A second copy of the same strings: same hash, equal namespaces.
      const std::string model2 = model, adapter2 = adapter, salt2 = salt;
      const kvc::cache_namespace again{model2, adapter2, ns.adapter_revision, salt2};
      CHECK(again == ns);
      CHECK(kvc::hash_value(again) == kvc::hash_value(ns));
    }
  }
}

TEST_CASE("cache_namespace: unordered_map with heterogeneous lookup") {
  using map = std::unordered_map<kvc::owning_cache_namespace, int, kvc::cache_namespace_hash,
                                 std::equal_to<>>;
  map entries;
  entries.emplace(kvc::owning_cache_namespace{"llama", "", 0, ""}, 1);
  entries.emplace(kvc::owning_cache_namespace{"llama", "sql", 1, ""}, 2);
  entries.emplace(kvc::owning_cache_namespace{"llama", "sql", 2, ""}, 3);
  entries.emplace(kvc::owning_cache_namespace{"llama", "sql", 2, "org_12345"}, 4);
  entries.emplace(kvc::owning_cache_namespace{"llama", "sql", 2, "org_1"}, 5);
  entries.emplace(kvc::owning_cache_namespace{"llama-sql", "", 2, ""}, 6);
  REQUIRE(entries.size() == 6);
  // Re-inserting an equal key (from other storage) does not add an entry.
  const std::string llama = "llama";
  CHECK_FALSE(entries.emplace(kvc::owning_cache_namespace{llama, "", 0, ""}, 9).second);

  const auto value_of = [&entries](const kvc::cache_namespace& ns) {
    const auto it = entries.find(ns);  // a view, no owning key built
    return it == entries.end() ? -1 : it->second;
  };
  const std::string sql = "sql", salt = "org_1";
  CHECK(value_of({llama, "", 0, ""}) == 1);
  CHECK(value_of({llama, sql, 1, ""}) == 2);
  CHECK(value_of({llama, sql, 2, ""}) == 3);
  CHECK(value_of({llama, sql, 2, "org_12345"}) == 4);
  CHECK(value_of({llama, sql, 2, salt}) == 5);
  CHECK(value_of({"llama-sql", "", 2, ""}) == 6);
  // Near misses find nothing.
  CHECK(value_of({llama, sql, 3, ""}) == -1);
  CHECK(value_of({llama, "sql", 2, "org_1234"}) == -1);
  CHECK(value_of({"llama-", "sql", 2, ""}) == -1);
  CHECK(value_of({"llama", "-sql", 2, ""}) == -1);
  CHECK(value_of({"llama", "sql", 0, ""}) == -1);
  CHECK(value_of({"", "llama", 0, ""}) == -1);
  CHECK(entries.contains(kvc::cache_namespace{"llama", "sql", 1, ""}));
  CHECK_FALSE(entries.contains(kvc::cache_namespace{"llama", "sql", 0, ""}));
  CHECK(entries.count(kvc::cache_namespace{"llama", "sql", 2, "org_1"}) == 1);
  const auto [first, last] = entries.equal_range(kvc::cache_namespace{"llama", "", 0, ""});
  REQUIRE(first != last);
  CHECK(first->second == 1);
  CHECK(std::next(first) == last);
  // The found key is equal to the view it was found with, and lookup by owning key agrees.
  const kvc::cache_namespace probe{"llama", "sql", 2, "org_12345"};
  CHECK(entries.find(probe)->first == probe);
  CHECK(entries.find(kvc::owning_cache_namespace::from(probe)) == entries.find(probe));

  SUBCASE("many keys: find by view agrees with find by owning key") {
    std::mt19937_64 rng(103);
    map many;
    std::vector<kvc::owning_cache_namespace> keys;
    for (int i = 0; i < 2000; ++i) {
      keys.push_back({random_text(rng, 3), random_text(rng, 2), rng() % 3, random_text(rng, 3)});
      many.emplace(keys.back(), i);  // duplicates keep the first value
    }
    std::size_t mismatches = 0;
    for (const auto& key : keys) {
      const std::string m = key.model, a = key.adapter, s = key.salt;  // fresh storage
      const kvc::cache_namespace view{m, a, key.adapter_revision, s};
      const auto by_view = many.find(view);
      const auto by_key = many.find(key);
      if (by_view == many.end() || by_view != by_key || !(by_view->first == view)) ++mismatches;
      // A revision never inserted is never found.
      if (many.find(kvc::cache_namespace{m, a, key.adapter_revision + 3, s}) != many.end())
        ++mismatches;
    }
    CHECK(mismatches == 0);
  }
  SUBCASE("std::hash makes both forms usable as plain keys") {
    std::unordered_set<kvc::cache_namespace> views{
        {"m", "a", 0, "s"}, {"m", "a", 0, "s"}, {"m", "as", 0, ""}, {"ma", "", 0, "s"}};
    CHECK(views.size() == 3);
    std::unordered_map<kvc::owning_cache_namespace, int> owned;
    owned[{"m", "a", 0, "s"}] = 1;
    owned[{"m", "a", 1, "s"}] = 2;
    owned[kvc::owning_cache_namespace::from({"m", "a", 0, "s"})] += 10;
    CHECK(owned.size() == 2);
    CHECK(owned.at({"m", "a", 0, "s"}) == 11);
  }
}

TEST_CASE("cache_namespace: hash distribution sanity") {
  // 5 models x 10 adapters x 10 revisions x 20 salts = 10'000 distinct namespaces.
  const std::array<std::string, 5> models{"llama", "llama-3", "mistral", "m", ""};
  std::vector<std::string> adapters{""}, salts{""};
  for (int i = 1; i < 10; ++i) adapters.push_back("lora-" + std::to_string(i));
  for (int i = 1; i < 20; ++i) salts.push_back("org_" + std::to_string(i * 7));
  std::vector<kvc::cache_namespace> all;
  for (const auto& model : models)
    for (const auto& adapter : adapters)
      for (std::uint64_t revision = 0; revision < 10; ++revision)
        for (const auto& salt : salts) all.push_back({model, adapter, revision, salt});
  REQUIRE(all.size() == 10'000);

  std::unordered_set<std::size_t> hashes;
  for (const auto& ns : all) hashes.insert(kvc::hash_value(ns));
  CAPTURE(hashes.size());
  CHECK(hashes.size() >= 9'990);  // a 64-bit hash of 10k keys: collisions are vanishingly rare

  SUBCASE("every field feeds the hash") {
    // Vary one field with the others fixed: each family of values must spread by itself.
    std::unordered_set<std::size_t> by_model, by_adapter, by_revision, by_salt;
    std::vector<std::string> texts;
    for (int i = 0; i < 1000; ++i) texts.push_back("x" + std::to_string(i));
    for (int i = 0; i < 1000; ++i) {
      by_model.insert(
          kvc::hash_value(kvc::cache_namespace{texts[static_cast<std::size_t>(i)], "a", 0, "s"}));
      by_adapter.insert(
          kvc::hash_value(kvc::cache_namespace{"m", texts[static_cast<std::size_t>(i)], 0, "s"}));
      by_revision.insert(kvc::hash_value(
          kvc::cache_namespace{"m", "a", static_cast<std::uint64_t>(i) << 40, "s"}));
      by_salt.insert(
          kvc::hash_value(kvc::cache_namespace{"m", "a", 0, texts[static_cast<std::size_t>(i)]}));
    }
    CHECK(by_model.size() >= 999);
    CHECK(by_adapter.size() >= 999);
    CHECK(by_revision.size() >= 999);
    CHECK(by_salt.size() >= 999);
  }
  SUBCASE("buckets of an unordered_set stay short") {
    std::unordered_set<kvc::cache_namespace> set(all.begin(), all.end());
    REQUIRE(set.size() == all.size());
    std::size_t longest = 0;
    for (std::size_t b = 0; b < set.bucket_count(); ++b)
      longest = std::max(longest, set.bucket_size(b));
    CAPTURE(set.bucket_count());
    CHECK(longest <= 16);  // about one key per bucket on average
  }
}

TEST_CASE("cache_namespace: as the namespace of reusable_prefix_length") {
  constexpr kvc::cache_namespace tenant{"llama", "sql", 3, "org_1"};
  const std::vector<int> cached{5, 6, 7, 8, 9, 10, 11};
  const std::vector<long> requested{5, 6, 7, 8, 9, 10, 0};
  const std::string llama = "llama", sql = "sql", org = "org_1";
  const kvc::cache_namespace same{llama, sql, 3, org};
  const auto owning = kvc::owning_cache_namespace::from(tenant);
  SUBCASE("4 arguments") {
    CHECK(kvc::reusable_prefix_length(tenant, same, cached, requested) == 6);
    CHECK(kvc::reusable_prefix_length(owning, same, cached, requested) == 6);
    CHECK(kvc::reusable_prefix_length(same, owning, cached, requested) == 6);
    CHECK(kvc::reusable_prefix_length(owning, owning, cached, requested) == 6);
    CHECK(kvc::reusable_prefix_length(tenant, kvc::cache_namespace{"llama", "sql", 3, "org_12"},
                                      cached, requested) == 0);
    CHECK(kvc::reusable_prefix_length(owning, kvc::cache_namespace{"llama", "sql", 2, "org_1"},
                                      cached, requested) == 0);
    CHECK(kvc::reusable_prefix_length(kvc::cache_namespace{"llama", "", 0, ""}, owning, cached,
                                      requested) == 0);
  }
  SUBCASE("5 arguments") {
    CHECK(kvc::reusable_prefix_length(tenant, same, cached, requested, 4) == 4);
    CHECK(kvc::reusable_prefix_length(owning, same, cached, requested, 3) == 6);
    CHECK(kvc::reusable_prefix_length(same, owning, cached, requested, std::uint8_t{7}) == 0);
    CHECK(kvc::reusable_prefix_length(owning, owning, cached, requested, 1L) == 6);
    CHECK(kvc::reusable_prefix_length(owning, owning, cached, requested, 0) == 0);
    CHECK(kvc::reusable_prefix_length(tenant, kvc::cache_namespace{"llama", "sq", 3, "lorg_1"},
                                      cached, requested, 2) == 0);
    CHECK(kvc::reusable_prefix_length(owning, kvc::cache_namespace{"llama", "sql", 4, "org_1"},
                                      cached, requested, 1) == 0);
  }
}

// The doctest adapter (kvc/doctest.hpp) and the failure text every adapter prints
// (kvc/verification/failure_text.hpp): KVC_CHECK_CONFORMS fails once per failing fixture of kvc's
// suites and of users' own, KVC_CHECK_EXPLORES fails with the exploration's report, arguments may
// hold commas, and no message holds a byte a test framework would cut or a terminal garble.
#include <doctest/doctest.h>

#include <kvc/doctest.hpp>

#include <boost/hana/tuple.hpp>

#include <array>
#include <cstddef>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Not constexpr: a std::vector inside.
int admit_strictly(int capacity, int used, int requested) {
  const std::vector<int> slots(static_cast<std::size_t>(capacity > 0 ? capacity : 0));
  // Wrong on purpose: a request that fills the cache exactly is refused.
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested < capacity - used ? requested : 0;
}
int admit(int capacity, int used, int requested) {
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested <= capacity - used ? requested : 0;
}

// Right, but a std::function: not usable in a constant expression.
const std::function<int(int, int, int)> admit_function = [](int capacity, int used, int requested) {
  return admit(capacity, used, requested);
};

constexpr auto block_of = [](std::size_t index, std::size_t block_size) {
  return index / block_size;
};
constexpr auto block_of_rounding_up = [](std::size_t index, std::size_t block_size) {
  return (index + block_size - 1) / block_size;
};
constexpr auto block_suite = boost::hana::make_tuple(
    kvc::make_fixture(kvc::label<"first block">, kvc::inputs(std::size_t{15}, std::size_t{16}),
                      std::size_t{0}),
    kvc::make_fixture(kvc::label<"block boundary">, kvc::inputs(std::size_t{16}, std::size_t{16}),
                      std::size_t{1}));

// Ignores the namespaces: fails kvc's prefix suites, and exploration finds it.
constexpr auto namespace_blind = [](const auto&, const auto&, const auto& cached,
                                    const auto& requested) {
  return kvc::reusable_prefix_length(0, 0, cached, requested);
};

// A report of any kind, as the stateful checks' are: passed(), and printed with control characters.
struct fake_report {
  bool ok = true;
  [[nodiscard]] bool passed() const noexcept { return ok; }
  friend std::ostream& operator<<(std::ostream& out, const fake_report&) {
    return out << "fake report\n\tline two \x01\n";
  }
};

}  // namespace

TEST_CASE("KVC_CHECK_CONFORMS passes conforming implementations") {
  KVC_CHECK_CONFORMS(kvc::suites::append_admission, admit_function);
  KVC_CHECK_CONFORMS(kvc::suites::append_admission, admit);
  KVC_CHECK_CONFORMS(kvc::suites::prefix_reuse, kvc::reusable_prefix_length);
  KVC_CHECK_CONFORMS(block_suite, block_of);
  KVC_CHECK_CONFORMS(
      kvc::join_fixtures(kvc::suites::append_admission,
                         boost::hana::make_tuple(kvc::make_fixture(kvc::label<"own: a full cache">,
                                                                   kvc::inputs(4, 4, 1), 0))),
      admit);
}

// Fails (one failure per failing fixture) without failing the run: should_fail inverts it.
TEST_CASE("KVC_CHECK_CONFORMS fails a wrong implementation" * doctest::should_fail()) {
  KVC_CHECK_CONFORMS(kvc::suites::append_admission, admit_strictly);
}
TEST_CASE("KVC_CHECK_CONFORMS fails a wrong implementation of a user's suite" *
          doctest::should_fail()) {
  KVC_CHECK_CONFORMS(block_suite, block_of_rounding_up);
}

TEST_CASE("KVC_CHECK_CONFORMS takes a suite whose name holds commas") {
  KVC_CHECK_CONFORMS(
      kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>,
      [](const auto& c, const auto& r, const auto& cached, const auto& requested) {
        return kvc::reusable_prefix_length(c, r, cached, requested, kvc::reuse_policy{16, true});
      });
}

TEST_CASE("KVC_CHECK_EXPLORES takes suites and options with commas") {
  KVC_CHECK_EXPLORES(
      kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>,
      [](const auto& c, const auto& r, const auto& cached, const auto& requested) {
        return kvc::reusable_prefix_length(c, r, cached, requested, kvc::reuse_policy{16, true});
      },
      kvc::explore_options{.seed = 7, .cases = 500});
  KVC_CHECK_EXPLORES(kvc::suites::append_admission, admit);
}
TEST_CASE("KVC_CHECK_EXPLORES fails a wrong implementation" * doctest::should_fail()) {
  KVC_CHECK_EXPLORES(kvc::suites::prefix_reuse, namespace_blind,
                     kvc::explore_options{.seed = 7, .cases = 500});
}

TEST_CASE("a report of any kind fails with its printed text, control characters escaped") {
  KVC_DETAIL_CHECK_REPORT(fake_report{});
  CHECK(kvc::detail::report_text(fake_report{}) == "fake report\n\tline two \\x01\n");

  const kvc::exploration_report explored =
      kvc::explore(kvc::suites::prefix_reuse, namespace_blind, {.seed = 7, .cases = 500});
  REQUIRE_FALSE(explored.passed());
  std::ostringstream printed;
  printed << explored;
  CHECK(kvc::detail::report_text(explored) == kvc::detail::printable_text(printed.str(), true));
  CHECK(kvc::detail::report_text(explored).find('\0') == std::string::npos);
}
TEST_CASE("a failing report of any kind fails" * doctest::should_fail()) {
  KVC_DETAIL_CHECK_REPORT(fake_report{false});
}

TEST_CASE("a failure's text escapes NUL and control characters, so no framework cuts it") {
  using kvc::detail::printable_text;
  CHECK(printable_text(std::string_view("m\0a", 3)) == "m\\0a");
  CHECK(printable_text("a\tb\nc\rd\x01\x7f") == "a\\tb\\nc\\rd\\x01\\x7f");
  CHECK(printable_text("caf\xc3\xa9") == "caf\xc3\xa9");  // UTF-8 is kept
  CHECK(printable_text("two\nlines\t!", /*keep_line_breaks=*/true) == "two\nlines\t!");
  CHECK(printable_text(std::string_view("a\0", 2), true) == "a\\0");

  // The namespace fixture whose models differ after a NUL: every field survives in the message.
  const auto ignores_after_nul = [](const kvc::cache_namespace& c, const kvc::cache_namespace& r,
                                    const auto& cached, const auto& requested) {
    const auto cut = [](const kvc::cache_namespace& ns) {
      const std::string_view model = ns.model;
      return kvc::cache_namespace{model.substr(0, model.find('\0')), ns.adapter,
                                  ns.adapter_revision, ns.salt};
    };
    return kvc::reusable_prefix_length(cut(c), cut(r), cached, requested);
  };
  const kvc::conformance_report report =
      kvc::check(kvc::suites::namespace_isolation, ignores_after_nul);
  REQUIRE_FALSE(report.passed());
  const std::string text = kvc::detail::describe_failures(report);
  CHECK(text.find('\0') == std::string::npos);
  CHECK(text.find("models differ after an embedded NUL") != std::string::npos);
  CHECK(text.find("\\0") != std::string::npos);
  CHECK(text.find(", expected 0") != std::string::npos);
  CHECK(text.starts_with(std::to_string(report.failures().size()) + " of " +
                         std::to_string(report.fixtures.size()) +
                         " fixtures failed:\n  fixture \""));
  CHECK(kvc::detail::describe_failures(
            kvc::check(kvc::suites::prefix_reuse, kvc::reusable_prefix_length))
            .empty());
}

TEST_CASE("a failing fixture is described by its label, inputs, actual and expected results") {
  const kvc::conformance_report admission =
      kvc::check(kvc::suites::append_admission, admit_strictly);
  const auto failures = admission.failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(kvc::detail::describe_failure(failures.front()) ==
        "fixture \"fits exactly\": inputs (4, 1, 3), actual 0, expected 3");

  const kvc::conformance_report own = kvc::check(block_suite, block_of_rounding_up);
  CHECK(
      kvc::detail::describe_failures(own) ==
      "1 of 2 fixtures failed:\n  fixture \"first block\": inputs (15, 16), actual 1, expected 0");
}

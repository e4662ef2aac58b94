// Static checks of how kvc decides that two ids are equal (kvc::detail::equal_ids, the one place):
// characters against integers by value, C strings by content, volatile tokens off the fast path.
// Compiled, never run, with -Wsign-compare (-Wall on g++, -Wextra on clang) as an error: every
// mixed comparison below is instantiated inside kvc's headers.
#include <kvc/bounded_list.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <string_view>

namespace {

constexpr std::array<int, 2> tokens{1, 2};
constexpr std::array<int, 2> other_tokens{1, 3};

namespace characters_by_value {

// A character compares as its integer value: char(-1) is -1, never 0xFFFFFFFF.
static_assert(kvc::reusable_prefix_length(0, 0, std::array{char(-1)}, std::array{0xFFFFFFFFu}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{0xFFFFFFFFu}, std::array{char(-1)}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{char(-1)}, std::array{-1}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{'a'}, std::array{97u}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{'a', 'b'}, std::array{97L, 99L}) == 1);
// char8_t, char16_t and char32_t are unsigned; wchar_t has its own signedness.
static_assert(kvc::reusable_prefix_length(0, 0, std::array{u8'a'}, std::array{97}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{char8_t{0xFF}}, std::array{-1}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{char8_t{0xFF}}, std::array{255}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{U'\xFFFFFFFF'}, std::array{-1}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{U'\xFFFFFFFF'}, std::array{0xFFFFFFFFu}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{u'\xFFFF'}, std::array{short{-1}}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{L'a'}, std::array{97ULL}) == 1);
// Characters of two types: by value too (raw == would make char(-1) equal U'\xFFFFFFFF').
static_assert(kvc::reusable_prefix_length(0, 0, std::array{U'a'}, std::array{'a'}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{char(-1)}, std::array{U'\xFFFFFFFF'}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{u8'a'}, std::array{L'a'}) == 1);
// signed char and unsigned char are integers to kvc, and compare by value as before.
static_assert(kvc::reusable_prefix_length(0, 0, std::array<signed char, 1>{-1}, std::array{255u}) == 0);
// Namespaces are ids too.
static_assert(kvc::reusable_prefix_length(char(-1), 0xFFFFFFFFu, tokens, tokens) == 0);
static_assert(kvc::reusable_prefix_length('m', 109ULL, tokens, tokens) == 2);
// So are unscoped enumerations, as their underlying values.
enum legacy_adapter { none = -1, base = 0 };
static_assert(kvc::reusable_prefix_length(none, 0xFFFFFFFFu, tokens, tokens) == 0);
static_assert(kvc::reusable_prefix_length(none, -1L, tokens, tokens) == 2);
// Results compared by kvc::bounded_list use the same rule.
constexpr kvc::bounded_list<char, 1> one_char{{char(-1)}, 1};
static_assert(!(one_char == std::array{0xFFFFFFFFu}));
static_assert(one_char == std::array{-1});

#if defined(__SIZEOF_INT128__)
// Extended integer tokens too, in strict modes (where libstdc++ does not call them integral) as in
// GNU ones: unsigned __int128's maximum is not -1.
__extension__ typedef unsigned __int128 uint128;
__extension__ typedef __int128 int128;
static_assert(kvc::reusable_prefix_length(0, 0, std::array{~uint128{0}}, std::array{-1}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{int128{-1}}, std::array{-1LL}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{(int128{1} << 64) + 5}, std::array{5}) == 0);
#endif

}  // namespace characters_by_value

namespace c_strings_by_content {

// String literals (arrays) and C strings compare by content, in constant expressions on every
// compiler: clang cannot compare two literals' addresses there, and equal text in two buffers is
// the same namespace.
static_assert(kvc::reusable_prefix_length("m", "m", tokens, other_tokens) == 1);
static_assert(kvc::reusable_prefix_length("m", "mm", tokens, other_tokens) == 0);
static_assert(kvc::reusable_prefix_length("mm", "m", tokens, other_tokens) == 0);
static_assert(kvc::reusable_prefix_length("", "", tokens, other_tokens) == 1);

constexpr const char* literal = "llama-3/base";
constexpr char buffer[] = {'l', 'l', 'a', 'm', 'a', '-', '3', '/', 'b', 'a', 's', 'e', '\0'};
static_assert(kvc::reusable_prefix_length(literal, static_cast<const char*>(buffer), tokens, tokens) ==
              2);
static_assert(kvc::reusable_prefix_length(literal, buffer, tokens, tokens) == 2);
static_assert(kvc::reusable_prefix_length(literal, "llama-3/lora", tokens, tokens) == 0);
// An array's text ends at its first NUL, or at its end: never read past it.
constexpr char padded[8] = {'m', '\0', 'x'};
constexpr char unterminated[2] = {'m', 'm'};
static_assert(kvc::reusable_prefix_length(padded, "m", tokens, tokens) == 2);
static_assert(kvc::reusable_prefix_length(unterminated, "mm", tokens, tokens) == 2);
static_assert(kvc::reusable_prefix_length(unterminated, "m", tokens, tokens) == 0);
// A null pointer equals only another null pointer: not "", not an empty string_view.
constexpr const char* null = nullptr;
static_assert(kvc::reusable_prefix_length(null, null, tokens, tokens) == 2);
static_assert(kvc::reusable_prefix_length(null, "", tokens, tokens) == 0);
static_assert(kvc::reusable_prefix_length("", null, tokens, tokens) == 0);
static_assert(kvc::reusable_prefix_length(null, std::string_view{}, tokens, tokens) == 0);
// Against a string object: its whole text, embedded NULs included.
static_assert(kvc::reusable_prefix_length("m", std::string_view{"m"}, tokens, tokens) == 2);
static_assert(kvc::reusable_prefix_length(std::string_view{"m\0x", 3}, "m", tokens, tokens) == 0);
static_assert(kvc::reusable_prefix_length(literal, std::string_view{"llama-3/base"}, tokens, tokens) ==
              2);
// Other character types too.
static_assert(kvc::reusable_prefix_length(u8"m", u8"m", tokens, tokens) == 2);
static_assert(kvc::reusable_prefix_length(U"m", U"n", tokens, tokens) == 0);
// C-string tokens and segment ids compare by content as well.
constexpr std::array<const char*, 2> words{"the", "cat"};
constexpr std::array<const char*, 2> same_words{buffer + 12, "cat"};  // "" then "cat"
static_assert(kvc::reusable_prefix_length(0, 0, words, std::array<const char*, 2>{"the", "dog"}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, same_words, std::array{"", "cat"}) == 2);
static_assert(kvc::segment_positions(std::array<const char*, 3>{"a", "a", "b"}) ==
              std::array<std::size_t, 3>{0, 1, 0});

}  // namespace c_strings_by_content

namespace volatile_tokens {

// Volatile tokens are accepted by the concepts (a span<volatile int> is a sized range of ints) and
// take the loop, not the byte-comparing fast path, whose reads cannot honour volatile.
using volatile_span = std::span<volatile int>;
static_assert(kvc::comparable_sequences<volatile_span, volatile_span>);
static_assert(!kvc::detail::fast_prefix_sequences<volatile_span, volatile_span>);
static_assert(!kvc::detail::fast_prefix_sequences<std::span<const int>, std::span<const volatile int>>);
static_assert(!kvc::detail::fast_prefix_sequences<std::array<volatile int, 2>, std::array<int, 2>>);
static_assert(kvc::detail::fast_prefix_sequences<std::span<const int>, std::array<int, 2>>);
static_assert(std::invocable<decltype(kvc::reusable_prefix_length), int, int, volatile_span,
                             volatile_span>);
static_assert(std::invocable<decltype(kvc::reusable_prefix_length), int, int, volatile_span,
                             std::span<const unsigned>, int>);
static_assert(std::invocable<decltype(kvc::segment_positions), volatile_span,
                             std::span<volatile std::size_t>>);

}  // namespace volatile_tokens

}  // namespace

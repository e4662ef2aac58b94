// The one translation unit that provides doctest's main() (Debian's doctest exports no
// doctest_with_main target).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

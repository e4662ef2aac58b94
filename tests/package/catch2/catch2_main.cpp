// Catch2 v2's main, in a translation unit of its own.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

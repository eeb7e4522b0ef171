// The one translation unit that holds Catch2's main for the pure irregular-schedule tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

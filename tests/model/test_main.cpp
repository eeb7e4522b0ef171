// The one translation unit that holds Catch2's main; every test_*.cpp only registers cases.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

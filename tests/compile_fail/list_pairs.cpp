// Prints the name of every contract of kvc::specs::all, one a line, in the list's order: the
// contracts pairs.txt must give a compile-fail pair (compile_fail.pairs_listed compares the two).
#include <cstdio>
#include <string>

#include <boost/hana/for_each.hpp>

#include <kvc/specs/all.hpp>

int main() {
  boost::hana::for_each(kvc::specs::all, [](const auto& contract) {
    std::printf("%s\n", std::string(contract.name).c_str());
  });
}

// kvc-vectors: writes kvc's suites as JSON vectors into a directory, or (--check) fails when a file
// there differs from what it would write.
//
//   kvc-vectors share/kvc/vectors           write every suite's file, remove stale ones
//   kvc-vectors --check share/kvc/vectors   write nothing; exit 1 naming the files out of date
//   --suites docs/suites.md                 also the page listing every suite (written, or checked)
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "../conformance/src/vectors.hpp"

int main(int argc, char** argv) {
  bool check = false;
  std::string directory;
  std::string suites_page;
  for (int i = 1; i < argc; ++i) {
    const std::string_view argument(argv[i]);
    if (argument == "--check")
      check = true;
    else if (argument == "--suites" && i + 1 < argc)
      suites_page = argv[++i];
    else
      directory = argument;
  }
  if (directory.empty()) {
    std::fputs("usage: kvc-vectors [--check] DIRECTORY [--suites PAGE]\n", stderr);
    return 2;
  }
  namespace fs = std::filesystem;
  const auto documents = kvc::library::vector_documents();
  const std::string table = suites_page.empty() ? std::string() : kvc::library::suite_table();
  std::set<std::string> present;
  if (fs::is_directory(directory))
    for (const auto& entry : fs::directory_iterator(directory))
      if (entry.path().extension() == ".json")
        present.insert(entry.path().filename().string());
  if (check) {
    std::string stale;
    for (const auto& [name, text] : documents) {
      std::ifstream file(fs::path(directory) / name, std::ios::binary);
      const std::string current((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      if (!file || current != text) stale += " " + name;
    }
    for (const auto& name : present)
      if (!documents.contains(name)) stale += " " + name;
    if (!suites_page.empty()) {
      std::ifstream page(suites_page, std::ios::binary);
      const std::string current((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
      if (!page || current != table) stale += " " + suites_page;
    }
    if (!stale.empty()) {
      std::fprintf(stderr, "kvc-vectors: out of date (run kvc-vectors %s):%s\n", directory.c_str(),
                   stale.c_str());
      return 1;
    }
    std::printf("kvc-vectors: %zu files current in %s\n", documents.size(), directory.c_str());
    return 0;
  }
  fs::create_directories(directory);
  for (const auto& name : present)
    if (!documents.contains(name)) fs::remove(fs::path(directory) / name);
  for (const auto& [name, text] : documents) {
    std::ofstream file(fs::path(directory) / name, std::ios::binary);
    file << text;
  }
  if (!suites_page.empty()) {
    std::ofstream page(suites_page, std::ios::binary);
    page << table;
  }
  std::printf("kvc-vectors: wrote %zu files (the suites and their schema) to %s\n", documents.size(), directory.c_str());
  return 0;
}

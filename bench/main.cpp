// kvc_bench's main: Google Benchmark with repetitions, then a table of ratios -- each kvc contract's
// median time divided by its baselines' median times on the same data, in the same process. Ratios,
// not absolute times, are what carry over between machines.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

/// Keeps the median of every benchmark (by name, without the "_median" suffix).
class median_collector : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs)
      if (run.run_type == Run::RT_Aggregate && run.aggregate_name == "median")
        medians[run.run_name.str()] = run.GetAdjustedRealTime();
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, double> medians;
};

/// "BM_prefix_kvc/full/65536" -> {"BM_prefix", "kvc", "full/65536"}
struct name_parts {
  std::string family, implementation, arguments;
};
name_parts split(const std::string& name) {
  const auto slash = name.find('/');
  const std::string head = name.substr(0, slash);
  const auto underscore = head.rfind('_');
  return {head.substr(0, underscore), head.substr(underscore + 1),
          slash == std::string::npos ? "" : name.substr(slash + 1)};
}

void print_ratios(const std::map<std::string, double>& medians) {
  std::printf("\nkvc time / baseline time (medians; < 1 means kvc is faster)\n");
  std::printf("%-34s %-14s %10s\n", "benchmark", "baseline", "ratio");
  for (const auto& [name, kvc_time] : medians) {
    const auto parts = split(name);
    if (parts.implementation != "kvc") continue;
    for (const auto& [other, baseline_time] : medians) {
      const auto o = split(other);
      if (o.family == parts.family && o.arguments == parts.arguments && o.implementation != "kvc")
        std::printf("%-34s %-14s %10.2f\n", (parts.family + "/" + parts.arguments).c_str(),
                    o.implementation.c_str(), kvc_time / baseline_time);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  std::string repetitions = "--benchmark_repetitions=5";
  std::string aggregates = "--benchmark_report_aggregates_only=true";
  args.push_back(repetitions.data());
  args.push_back(aggregates.data());
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  median_collector reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  print_ratios(reporter.medians);
  return 0;
}

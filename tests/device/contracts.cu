// Every allocation-free contract, called from a __global__ kernel and from the host on the same
// inputs. Compiling this file with nvcc is the device.compile test; running it (device.run) compares
// what the GPU computes, through the generic loops, with what the host computes, through its fast
// paths, and is skipped (exit code 77) on a machine without a CUDA device.
#include <kvc/kvc.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <system_error>

namespace {

// The inputs, as plain arrays: one copy goes to the device.
struct inputs {
  std::int32_t cached[8] = {101, 7, 9, 9, 9, 42, 5, 6};
  std::int32_t requested[8] = {101, 7, 9, 9, 9, 42, 5, 8};
  kvc::multimodal_item cached_items[1] = {{.offset = 2, .length = 3, .content_hash = 0xCA7}};
  kvc::multimodal_item requested_items[1] = {{.offset = 2, .length = 3, .content_hash = 0xD06}};
  std::int32_t segments[8] = {1, 1, 1, 2, 2, 1, 3, 3};
  std::int64_t positions[8] = {-1, 0, 1, 2, 0, 1, 1, -1};  // M-RoPE repeats, padding at both ends
  std::int64_t mrope[6] = {0, 1, 0, 5, 6, 7};              // 2 components of 3 tokens
  std::int32_t requests[4] = {4, 0, 3, 9};
};

// What every call returns or writes.
struct results {
  std::uint64_t values[24] = {};
  std::int32_t positions[8] = {};
  std::int32_t row_positions[8] = {};
  std::int32_t offsets[9] = {};
  std::int32_t row_offsets[9] = {};
  std::int32_t position_offsets[9] = {};
  std::int32_t component_offsets[4] = {};
};

template <class T, std::size_t N>
KVC_HOST_DEVICE constexpr std::span<const T> view(const T (&array)[N]) noexcept {
  return std::span<const T>(array, N);
}
template <class T, std::size_t N>
KVC_HOST_DEVICE constexpr std::span<T> out(T (&array)[N]) noexcept {
  return std::span<T>(array, N);
}

KVC_HOST_DEVICE void compute(const inputs& in, results& r) noexcept {
  const auto cached = view(in.cached);
  const auto requested = view(in.requested);
  const auto segments = view(in.segments);
  const auto positions = view(in.positions);
  const auto requests = view(in.requests);
  const int model = 3;
  std::uint64_t* v = r.values;
  *v++ = kvc::admitted_append(16, 12, 4);
  *v++ = kvc::admitted_append(std::size_t{16}, 13, std::int64_t{4});
  *v++ = kvc::admitted_batch(16, 2, requests);
  *v++ = kvc::admitted_batch(16, 2, requests.first(3));
  *v++ = kvc::admitted_requests(16, 2, requests);
  *v++ = kvc::reusable_prefix_length(model, model, cached, requested);
  *v++ = kvc::reusable_prefix_length(model, model + 1, cached, requested);
  *v++ = kvc::reusable_prefix_length(model, model, cached, requested, 4);
  *v++ = kvc::reusable_prefix_length(model, model, cached, cached,
                                     kvc::reuse_policy{.block_size = 2, .recompute_last_token = true});
  *v++ = kvc::multimodal_prefix_length(model, model, cached, view(in.cached_items), requested,
                                       view(in.cached_items));
  *v++ = kvc::multimodal_prefix_length(model, model, cached, view(in.cached_items), requested,
                                       view(in.requested_items));
  *v++ = kvc::multimodal_prefix_length(model, model, cached, view(in.cached_items), cached,
                                       view(in.cached_items), kvc::reuse_policy{2, true});
  *v++ = kvc::segment_run_count(segments);
  *v++ = kvc::max_segment_length(segments);
  *v++ = kvc::max_sequence_length_from_positions(positions);
  *v++ = kvc::max_sequence_length_from_positions(view(in.mrope), kvc::position_components{2});
  *v++ = static_cast<std::uint64_t>(kvc::segment_positions(segments, out(r.positions)));
  *v++ = static_cast<std::uint64_t>(
      kvc::segment_positions(segments, kvc::row_length{4}, out(r.row_positions)));
  *v++ = static_cast<std::uint64_t>(kvc::segment_offsets(segments, out(r.offsets)));
  *v++ = static_cast<std::uint64_t>(
      kvc::segment_offsets(segments, kvc::row_length{4}, out(r.row_offsets)));
  *v++ = static_cast<std::uint64_t>(kvc::offsets_from_positions(positions, out(r.position_offsets)));
  *v++ = static_cast<std::uint64_t>(kvc::offsets_from_positions(
      view(in.mrope), kvc::position_components{2}, out(r.component_offsets)));
  // An error path on the device too: an output one element short writes nothing.
  *v++ = static_cast<std::uint64_t>(kvc::segment_positions(segments, out(r.positions).first(7)));
}

__global__ void compute_on_device(const inputs* in, results* r) { compute(*in, *r); }

bool same(const results& a, const results& b) {
  const auto* x = reinterpret_cast<const unsigned char*>(&a);
  const auto* y = reinterpret_cast<const unsigned char*>(&b);
  for (std::size_t i = 0; i != sizeof(results); ++i)
    if (x[i] != y[i]) return false;
  return true;
}

int check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return 0;
  std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
  return 1;
}

}  // namespace

int main() {
  // CTest's SKIP_RETURN_CODE for this test: no device, nothing to compare.
  constexpr int skipped = 77;
  int devices = 0;
  if (const cudaError_t status = cudaGetDeviceCount(&devices); status != cudaSuccess || devices == 0) {
    std::printf("SKIPPED: no CUDA device (cudaGetDeviceCount: %s, %d devices); device.compile is "
                "what this machine proves\n",
                cudaGetErrorString(status), devices);
    return skipped;
  }
  const inputs in{};
  results host{};
  compute(in, host);

  inputs* device_in = nullptr;
  results* device_results = nullptr;
  results device{};
  if (check(cudaMalloc(&device_in, sizeof(inputs)), "cudaMalloc") ||
      check(cudaMalloc(&device_results, sizeof(results)), "cudaMalloc") ||
      check(cudaMemcpy(device_in, &in, sizeof(inputs), cudaMemcpyHostToDevice), "cudaMemcpy") ||
      check(cudaMemcpy(device_results, &device, sizeof(results), cudaMemcpyHostToDevice),
            "cudaMemcpy"))
    return 1;
  compute_on_device<<<1, 1>>>(device_in, device_results);
  if (check(cudaGetLastError(), "kernel launch") ||
      check(cudaMemcpy(&device, device_results, sizeof(results), cudaMemcpyDeviceToHost),
            "cudaMemcpy"))
    return 1;
  cudaFree(device_in);
  cudaFree(device_results);
  if (!same(host, device)) {
    std::fprintf(stderr, "the device's results differ from the host's:\n");
    for (std::size_t i = 0; i != sizeof(host.values) / sizeof(host.values[0]); ++i)
      std::fprintf(stderr, "  value %zu: host %llu, device %llu\n", i,
                   static_cast<unsigned long long>(host.values[i]),
                   static_cast<unsigned long long>(device.values[i]));
    return 1;
  }
  std::printf("%zu results: the device's equal the host's\n", sizeof(results) / 4);
  return 0;
}

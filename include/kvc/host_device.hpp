// kvc/host_device.hpp - what makes a contract callable from CUDA device code.
//
// nvcc compiles a function for the GPU only when it is marked `__device__`; a `constexpr` function
// without the mark is host-only unless the whole translation unit is built with
// `--expt-relaxed-constexpr`. Every contract that allocates nothing is marked with KVC_HOST_DEVICE,
// as are the detail helpers it calls. With any other compiler the mark is nothing, so host builds
// see exactly the code they saw before.
//
// The contracts are function objects, and an object is data: device code cannot name a host
// variable of class type ("identifier ... is undefined in device code"), and nvcc has no variable
// that lives on both sides. A namespace-scope `__device__ constexpr` variable is the form nvcc
// accepts in both host and device code, so under nvcc the function objects are declared that way
// (KVC_INLINE_VARIABLE), and `inline constexpr` everywhere else. (`__device__` variables may not
// be `inline` without relocatable device code; a `constexpr` one has internal linkage instead,
// which costs nothing for an empty object.)
#pragma once

#if defined(__CUDACC__)
#define KVC_HOST_DEVICE __host__ __device__
#define KVC_INLINE_VARIABLE __device__
#else
#define KVC_HOST_DEVICE
#define KVC_INLINE_VARIABLE inline
#endif

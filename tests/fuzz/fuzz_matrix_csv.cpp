// libFuzzer harness for the distortion-matrix file parser (core/distortion/MatrixFile.h): any bytes
// either parse into a square matrix with matching labels or raise rr::InputError.
// Build: CXX=clang++ cmake -S . -B build-fuzz -DRR_BUILD_FUZZ=ON -DRR_BUILD_GUI=OFF
//        cmake --build build-fuzz --target fuzz_matrix_csv && build-fuzz/tests/fuzz/fuzz_matrix_csv -max_total_time=60
#include "core/data/Errors.h"
#include "core/distortion/MatrixFile.h"
#include "core/distortion/MatrixValidation.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const rr::MatrixText m = rr::parseMatrixCsv(text, "fuzz");
        if (m.matrix.rows() != m.matrix.cols() || m.matrix.rows() > rr::kMaxMatrixCategories)
            std::abort();
        if (!m.labels.empty() && m.labels.size() != static_cast<std::size_t>(m.matrix.cols()))
            std::abort();
        if (!m.matrix.allFinite())
            std::abort();
        rr::validateDistortionMatrix(m.matrix); // may throw InputError, never crash
        // a valid matrix writes and reads back bit for bit
        if (rr::parseMatrixCsv(rr::formatMatrixCsv(m.matrix, m.labels)).matrix != m.matrix)
            std::abort();
    } catch (const rr::InputError&) {}
    return 0;
}

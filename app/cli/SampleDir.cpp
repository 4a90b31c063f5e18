#include "app/cli/SampleDir.h"

#include "core/session/SessionPlaces.h"

#include <filesystem>

namespace rr::cli {

std::string cliSampleDir()
{
    std::error_code ec;
    const std::string exe = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path().string();
#ifdef RR_RESOURCES_DIR
    const std::string source = RR_RESOURCES_DIR;
#else
    const std::string source;
#endif
    return findBundledDataDir(bundledDataCandidates(ec ? std::string() : exe, source));
}

} // namespace rr::cli

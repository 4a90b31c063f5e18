#include "core/session/SessionPlaces.h"

#include "core/data/Errors.h"
#include "core/data/TerminalText.h"

#include <filesystem>
#include <system_error>

namespace rr {
namespace fs = std::filesystem;

namespace {
constexpr std::string_view kSample = "sample:";

// The canonical form of `path`, or empty when it does not exist.
std::string canonicalOrEmpty(const fs::path& path)
{
    std::error_code ec;
    const fs::path c = fs::canonical(path, ec);
    return ec ? std::string() : c.string();
}
} // namespace

std::string findBundledDataDir(const std::vector<std::string>& candidates)
{
    for (const std::string& c : candidates) {
        std::error_code ec;
        if (!c.empty() && fs::is_regular_file(fs::path(c) / "adult.data.csv", ec))
            return canonicalOrEmpty(c);
    }
    return {};
}

std::vector<std::string> bundledDataCandidates(const std::string& executableDir, const std::string& sourceDir)
{
    std::vector<std::string> out;
    if (!executableDir.empty())
        for (const char* relative :
             {"/resources/data", "/../resources/data", "/../share/rr-explorer/data", "/../../resources/data"})
            out.push_back(executableDir + relative);
    if (!sourceDir.empty())
        out.push_back(sourceDir + "/data");
    return out;
}

std::string portableSessionPath(const std::string& path, const std::string& sampleDir)
{
    if (sampleDir.empty() || path.empty())
        return path;
    const fs::path p(path);
    std::error_code ec;
    if (!fs::exists(p, ec))
        return path;
    const std::string parent = canonicalOrEmpty(fs::absolute(p, ec).parent_path());
    if (parent.empty() || parent != sampleDir)
        return path;
    return std::string(kSample) + p.filename().string();
}

std::string sampleFilePath(const std::string& name, const std::string& sampleDir)
{
    const std::string shown = escapeControls(std::string(kSample) + name); // a NUL byte would end the message
    if (name.empty() || name.find_first_of(std::string("/\\\0", 3)) != std::string::npos ||
        name.find("..") != std::string::npos || name == ".")
        throw InputError("'" + shown.substr(0, 200) +
                         "': a sample: path names one file of the bundled sample folder (a plain name: no '/', "
                         "'\\' or '..')");
    if (sampleDir.empty())
        throw InputError("'" + shown + "': no bundled sample folder is installed beside this program");
    return sampleDir + "/" + name;
}

std::string resolveSessionPath(const std::string& stored, const SessionPlaces& places)
{
    if (stored.rfind(kSample, 0) == 0)
        return sampleFilePath(stored.substr(kSample.size()), places.sampleDir);
    if (fs::path(stored).is_relative() && !places.baseDir.empty())
        return (fs::path(places.baseDir) / stored).string();
    return stored;
}

} // namespace rr

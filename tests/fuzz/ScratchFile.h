#pragma once
// A file of the harness's own under /tmp, rewritten with each input: for readers that take a path.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace rr::fuzz {

// The scratch files of this process, removed when it exits normally (libFuzzer's -runs end, the replay
// tests): a replay run left about a dozen files in /tmp each time.
struct ScratchFiles {
    std::vector<std::string> paths;
    ScratchFiles() = default;
    ScratchFiles(const ScratchFiles&) = delete;
    ScratchFiles& operator=(const ScratchFiles&) = delete;
    ~ScratchFiles()
    {
        for (const auto& p : paths)
            ::unlink(p.c_str());
    }
};

inline ScratchFiles& scratchFiles()
{
    static ScratchFiles files;
    return files;
}

// Removes `path` at exit too (a side file a reader looks for beside a scratch file).
inline void removeAtExit(const std::string& path)
{
    scratchFiles().paths.push_back(path);
}

// A fresh name from mkstemp with `suffix` appended (a reader may go by the extension), made once a process.
inline std::string makeScratchFile(const char* suffix = "")
{
    char name[] = "/tmp/rr-fuzz-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd < 0)
        std::abort();
    ::close(fd);
    std::string path(name);
    if (*suffix) {
        ::unlink(name);
        path += suffix;
    }
    removeAtExit(path);
    return path;
}

// Replaces the contents of `path` with `bytes`; aborts when the file cannot be written (not a finding).
inline void putScratch(const std::string& path, std::string_view bytes)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        std::abort();
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size())
        std::abort();
    std::fclose(f);
}

} // namespace rr::fuzz

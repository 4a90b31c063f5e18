#pragma once
// A file of the harness's own under /tmp, rewritten with each input: for readers that take a path.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unistd.h>

namespace rr::fuzz {

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

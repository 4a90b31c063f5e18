#include "core/data/InputFile.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <sys/vfs.h>

namespace rr {

std::string nonRegularKind(unsigned mode)
{
    if (S_ISREG(mode))
        return {};
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a file";
}

void checkInputFile(const std::string& path, const std::string& what)
{
    if (path == "-")
        return;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return;
    const std::string kind = nonRegularKind(st.st_mode);
    if (kind.empty())
        return;
    const std::string subject = (what.empty() ? "" : what + " ") + "'" + path + "'";
    if (S_ISDIR(st.st_mode))
        throw InputError(subject + " is a folder, not a file");
    throw InputError(subject + " is not a regular file (" + kind + ")");
}

void checkNotKernelFile(const std::string& path)
{
    constexpr long kProc = 0x9fa0, kSysfs = 0x62656572;
    // The kernel's file system `p` is on (its own when it exists, a link followed), 0 when it cannot be told.
    const auto kernelSystem = [&](const std::string& p) -> long {
        struct statfs fs {};
        if (::statfs(p.c_str(), &fs) != 0)
            return 0;
        return fs.f_type == kProc || fs.f_type == kSysfs ? static_cast<long>(fs.f_type) : 0;
    };
    const auto slash = path.find_last_of('/');
    const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    // The folder too: /proc/self/fd/1 leads to a pipe or a terminal, but names a place in /proc.
    long type = kernelSystem(path);
    if (type == 0)
        type = kernelSystem(folder);
    if (type != 0)
        throw InputError("cannot write '" + path + "': it is a file of the kernel (" +
                         (type == kProc ? "/proc" : "/sys") + "), not a regular file; refusing to replace it");
}

void checkNameLengths(const std::string& path)
{
    constexpr std::size_t kMaxName = 255, kMaxPath = 4095; // NAME_MAX and PATH_MAX less its NUL
    if (path.size() > kMaxPath)
        throw InputError("cannot write a file named by " + std::to_string(path.size()) +
                         " bytes: name too long (a path may have " + std::to_string(kMaxPath) + ")");
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        if (end - start > kMaxName)
            throw InputError("cannot write '" + path.substr(start, 40) + "...': name too long (" +
                             std::to_string(end - start) + " bytes; a file name may have " +
                             std::to_string(kMaxName) + ")");
        start = end + 1;
    }
}

bool sameFile(const std::string& a, const std::string& b)
{
    struct stat sa {
    }, sb{};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

LineRead readLineBounded(std::istream& in, std::string& line, std::size_t maxBytes)
{
    line.clear();
    std::streambuf* buf = in.rdbuf();
    if (!buf || !in.good())
        return LineRead::End;
    bool any = false;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return any ? LineRead::Line : LineRead::End;
        }
        any = true;
        if (c == '\n')
            return LineRead::Line;
        if (line.size() >= maxBytes)
            return LineRead::TooLong;
        line.push_back(static_cast<char>(c));
    }
}

std::string readFileBounded(const std::string& path, std::size_t maxBytes, const std::string& what)
{
    checkInputFile(path, what);
    const std::string subject = (what.empty() ? "" : what + " ") + "'" + path + "'";
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open " + subject + ": " + std::strerror(errno));
    std::string bytes;
    char block[65536];
    while (in) {
        in.read(block, sizeof block);
        const auto got = static_cast<std::size_t>(in.gcount());
        if (bytes.size() + got > maxBytes)
            throw InputError(subject + " is larger than the limit of " + std::to_string(maxBytes) + " bytes");
        bytes.append(block, got);
    }
    if (in.bad())
        throw IoError("cannot read " + subject + ": " + std::strerror(errno));
    return bytes;
}

} // namespace rr

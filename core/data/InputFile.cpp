#include "core/data/InputFile.h"

#include "core/data/Errors.h"

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
    struct statfs fs {};
    const auto slash = path.find_last_of('/');
    const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    if (::statfs(path.c_str(), &fs) != 0 && ::statfs(folder.c_str(), &fs) != 0)
        return;
    constexpr long kProc = 0x9fa0, kSysfs = 0x62656572;
    if (fs.f_type == kProc || fs.f_type == kSysfs)
        throw InputError("cannot write '" + path + "': it is a file of the kernel (" +
                         (fs.f_type == kProc ? "/proc" : "/sys") + "), not a regular file; refusing to replace it");
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

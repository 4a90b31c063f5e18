#pragma once
// Bounds-checked reads of a Stata file's header and tables (DtaLayout.cpp, DtaTables.cpp): a read past the
// end of the file fails instead of reading it.
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace rr {

// A read past the end of the file returns false (the caller decides what that means).
class HeaderReader {
public:
    explicit HeaderReader(const std::string& path) : m_fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC))
    {
        struct stat st {};
        if (m_fd >= 0 && ::fstat(m_fd, &st) == 0 && S_ISREG(st.st_mode))
            m_size = static_cast<std::uint64_t>(st.st_size);
    }
    ~HeaderReader()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    HeaderReader(const HeaderReader&) = delete;
    HeaderReader& operator=(const HeaderReader&) = delete;

    bool ok() const { return m_fd >= 0 && m_size > 0; }
    std::uint64_t size() const { return m_size; }
    std::uint64_t position() const { return m_pos; }
    void seek(std::uint64_t pos) { m_pos = pos; }

    bool read(void* dst, std::size_t n)
    {
        if (n > m_size || m_pos > m_size - n)
            return false;
        auto* out = static_cast<unsigned char*>(dst);
        std::size_t done = 0;
        while (done < n) {
            const ssize_t r = ::pread(m_fd, out + done, n - done, static_cast<off_t>(m_pos + done));
            if (r <= 0)
                return false;
            done += static_cast<std::size_t>(r);
        }
        m_pos += n;
        return true;
    }
    bool skip(std::uint64_t n)
    {
        if (n > m_size || m_pos > m_size - n)
            return false;
        m_pos += n;
        return true;
    }
    bool tag(const char* text)
    {
        char buf[32];
        const std::size_t n = std::strlen(text);
        return n <= sizeof buf && read(buf, n) && std::memcmp(buf, text, n) == 0;
    }
    // An unsigned integer of `n` bytes (1, 2, 4 or 8) in the file's byte order.
    bool uint(std::size_t n, bool bigEndian, std::uint64_t& out)
    {
        unsigned char b[8];
        if (n > sizeof b || !read(b, n))
            return false;
        out = 0;
        for (std::size_t i = 0; i < n; ++i)
            out |= std::uint64_t(b[bigEndian ? n - 1 - i : i]) << (8 * i);
        return true;
    }

private:
    int m_fd = -1;
    std::uint64_t m_size = 0;
    std::uint64_t m_pos = 0;
};

} // namespace rr

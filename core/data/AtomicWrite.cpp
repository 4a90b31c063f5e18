#include "core/data/AtomicWrite.h"

#include "core/data/Errors.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <unistd.h>

namespace rr {

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write)
{
    std::random_device rd;
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw InputError("cannot write '" + path + "': " + std::strerror(errno));
        try {
            write(out);
        } catch (...) {
            out.close();
            std::remove(tmp.c_str());
            throw;
        }
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw InputError("cannot write '" + path + "': write failed (disk full?)");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        std::remove(tmp.c_str());
        throw InputError("cannot write '" + path + "': " + std::strerror(err));
    }
}

} // namespace rr

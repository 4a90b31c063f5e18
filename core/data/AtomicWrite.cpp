#include "core/data/AtomicWrite.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/Interrupt.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <limits.h>
#include <memory>
#include <random>
#include <streambuf>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rr {
namespace {

std::string errnoText(int err)
{
    return std::strerror(err);
}

// --- Temporary files a signal must clean up -------------------------------------------------------
// Process-wide by nature: a signal handler can only reach static storage. Fixed slots, written before
// a temporary file is created and cleared after it is renamed or removed; the handler only reads them
// and calls unlink(2), which is async-signal-safe.
constexpr std::size_t kSlots = 64;
enum SlotState : int { kFree = 0, kFilling = 1, kReady = 2 };
struct TempSlot {
    std::atomic<int> state{kFree};
    char path[PATH_MAX] = {};
};
std::array<TempSlot, kSlots> g_tempSlots;

int registerTemp(const std::string& path)
{
    if (path.size() >= PATH_MAX)
        return -1;
    for (std::size_t i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!g_tempSlots[i].state.compare_exchange_strong(expected, kFilling))
            continue;
        std::memcpy(g_tempSlots[i].path, path.c_str(), path.size() + 1);
        g_tempSlots[i].state.store(kReady);
        return static_cast<int>(i);
    }
    return -1; // more than kSlots writes at once: this one is not cleaned on a signal
}

void unregisterTemp(int slot)
{
    if (slot >= 0)
        g_tempSlots[static_cast<std::size_t>(slot)].state.store(kFree);
}


// --- A std::ostream over a file descriptor, so the temporary file can be created with O_EXCL ---------
class FdBuffer : public std::streambuf {
public:
    explicit FdBuffer(int fd) : m_fd(fd) { setp(m_buf.data(), m_buf.data() + m_buf.size()); }
    int error() const { return m_error; }

protected:
    int_type overflow(int_type ch) override
    {
        if (!flushBuffer())
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return flushBuffer() ? 0 : -1; }

private:
    bool flushBuffer()
    {
        const char* p = pbase();
        std::size_t left = static_cast<std::size_t>(pptr() - pbase());
        while (left > 0) {
            const ssize_t n = ::write(m_fd, p, left);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                m_error = errno;
                return false;
            }
            p += n;
            left -= static_cast<std::size_t>(n);
        }
        setp(m_buf.data(), m_buf.data() + m_buf.size());
        return true;
    }

    int m_fd;
    int m_error = 0;
    std::array<char, 1 << 16> m_buf;
};

// The process's umask without changing it (umask(2) would race with other threads).
mode_t currentUmask()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Umask:", 0) == 0)
            return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    return 022;
}

std::string folderOf(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

void syncFolder(const std::string& folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd); // some file systems refuse to sync a folder: the rename itself still holds
    ::close(fd);
}

// Where the bytes go: the path itself, or the file a symbolic link points to; and the mode to keep.
struct Target {
    std::string path;
    mode_t mode = 0;
    bool existed = false;
};

std::string baseNameOf(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The file a symbolic link points to when that file does not exist yet (a chain of links followed): written
// through like any link, provided the folder it would be in exists. Throws InputError otherwise.
std::string danglingLinkTarget(const std::string& link)
{
    std::string current = link;
    for (int hops = 0; hops < 40; ++hops) { // the kernel's own limit on a chain of links
        char buf[PATH_MAX];
        const ssize_t n = ::readlink(current.c_str(), buf, sizeof buf - 1);
        if (n < 0)
            throw InputError("cannot write '" + link + "': it is a symbolic link that cannot be read (" +
                             errnoText(errno) + ")");
        std::string dest(buf, static_cast<std::size_t>(n));
        if (dest.empty() || dest.back() == '/')
            throw InputError("cannot write '" + link + "': it is a symbolic link to '" + dest +
                             "', which names a folder, not a file");
        if (dest.front() != '/')
            dest = folderOf(current) + "/" + dest;
        struct stat st {};
        if (::lstat(dest.c_str(), &st) == 0) {
            if (!S_ISLNK(st.st_mode))
                return dest;
            current = dest;
            continue;
        }
        if (errno != ENOENT)
            throw InputError("cannot write '" + link + "': it is a symbolic link to '" + dest + "' (" +
                             errnoText(errno) + ")");
        const std::string folder = folderOf(dest);
        char realFolder[PATH_MAX];
        if (!::realpath(folder.c_str(), realFolder) || ::stat(realFolder, &st) != 0 || !S_ISDIR(st.st_mode))
            throw InputError("cannot write '" + link + "': it is a symbolic link to '" + dest +
                             "', whose folder '" + folder + "' does not exist");
        const std::string real(realFolder);
        return (real == "/" ? real : real + "/") + baseNameOf(dest);
    }
    throw InputError("cannot write '" + link + "': it is a symbolic link in a loop of links (or a chain of more "
                     "than 40)");
}

Target resolveTarget(const std::string& path)
{
    if (path.empty())
        throw InputError("no file name to write to");
    checkNameLengths(path);
    checkNotKernelFile(path);
    Target t;
    t.path = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved))
            t.path = resolved;
        else if (errno == ENOENT)
            t.path = danglingLinkTarget(path); // the file is created where the link points
        else
            throw InputError("cannot write '" + path + "': it is a symbolic link that cannot be followed (" +
                             errnoText(errno) + ")");
    }
    if (t.path != path) { // a link: where it leads is checked as the name itself
        checkNameLengths(t.path);
        try {
            checkNotKernelFile(t.path);
        } catch (const InputError&) {
            throw InputError("cannot write '" + path + "': it is a link to '" + t.path +
                             "', a file of the kernel (/proc or /sys); refusing to replace it");
        }
    }
    if (::stat(t.path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            throw InputError("cannot write '" + path + "': it is a folder");
        if (!S_ISREG(st.st_mode))
            throw InputError("cannot write '" + path +
                             "': it is not a regular file (a device, FIFO or socket); refusing to replace it");
        t.mode = st.st_mode & 07777;
        t.existed = true;
        return t;
    }
    if (errno == ENAMETOOLONG || errno == ENOTDIR || errno == ELOOP) // the name, not the system
        throw InputError("cannot write '" + path + "': " + errnoText(errno));
    if (errno != ENOENT)
        throw IoError("cannot write '" + path + "': " + errnoText(errno));
    const std::string folder = folderOf(t.path);
    if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw InputError("cannot write '" + path + "': the folder '" + folder + "' does not exist");
    t.mode = 0666 & ~currentUmask();
    return t;
}

} // namespace

std::string checkWriteTarget(const std::string& path)
{
    return resolveTarget(path).path;
}

unsigned inputModeMask(const std::vector<std::string>& inputs)
{
    unsigned mask = 07777;
    for (const std::string& in : inputs) {
        struct stat st {};
        if (::stat(in.c_str(), &st) == 0 && S_ISREG(st.st_mode))
            mask &= static_cast<unsigned>(st.st_mode & 0777) | 07000u | 0600u; // the owner keeps read-write
    }
    return mask;
}

namespace {

// The longest file name (one path component) the usual Linux file systems take.
constexpr std::size_t kMaxNameBytes = 255;

// FNV-1a of a file name, in 16 hex digits: a short, stable stand-in for a name too long to extend.
std::string nameHash(const std::string& name)
{
    std::uint64_t h = 14695981039346656037ull;
    for (const unsigned char c : name) {
        h ^= c;
        h *= 1099511628211ull; // the 64-bit FNV prime
    }
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
}

// What the names of `target`'s temporary (kind "tmp") or backup ("bak") files start with, before "PID-N":
// "NAME.tmp-" beside it, or ".rr-HASH.tmp-" when NAME is too long to take the suffix within kMaxNameBytes
// (a 254-byte name is valid; NAME.tmp-PID-N would not be).
std::string sidePrefix(const std::string& target, const char* kind)
{
    const std::string name = baseNameOf(target);
    const std::string folder = target.substr(0, target.size() - name.size());
    // "." kind "-" up to 10 digits of pid "-" up to 10 digits of N
    const std::size_t suffix = 1 + std::strlen(kind) + 1 + 10 + 1 + 10;
    if (name.size() + suffix <= kMaxNameBytes)
        return target + "." + kind + "-";
    return folder + ".rr-" + nameHash(name) + "." + kind + "-";
}

std::string sideName(const std::string& target, const char* kind)
{
    std::random_device rd;
    return sidePrefix(target, kind) + std::to_string(::getpid()) + "-" + std::to_string(rd());
}

// Side files of `target` left by runs that were killed (kill -9 leaves PREFIX PID-N): temporaries ("tmp") and
// the previous versions a set keeps until it is committed ("bak"), removed when no process PID runs any more.
// Those of running processes (this one included) and anything else are kept.
void removeStaleSideFiles(const std::string& target, const char* kind)
{
    const std::string prefix = sidePrefix(target, kind);
    const std::string folder = folderOf(target);
    const std::string namePrefix = baseNameOf(prefix);
    DIR* dir = ::opendir(folder.c_str());
    if (!dir)
        return;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.size() <= namePrefix.size() || name.compare(0, namePrefix.size(), namePrefix) != 0)
            continue;
        // PID-N, digits only
        const std::string rest = name.substr(namePrefix.size());
        const auto dash = rest.find('-');
        if (dash == 0 || dash == std::string::npos || dash + 1 == rest.size() || dash > 9 ||
            rest.find_first_not_of("0123456789") != dash ||
            rest.find_first_not_of("0123456789", dash + 1) != std::string::npos)
            continue;
        const long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
        if (pid <= 0 || pid == ::getpid())
            continue;
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)
            continue; // running (EPERM: another user's live process)
        const std::string path = folder + "/" + name;
        struct stat st {};
        if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
            ::unlink(path.c_str());
    }
    ::closedir(dir);
}

// --- Locks: two writes of the same files at once commit one after the other ----------------------------
// A lock file ".NAME.lock" beside each target (".rr-HASH.lock" when NAME is too long), created 0600 and held
// with flock(2) for the whole commit of a set, so two releases to the same --out and --note never leave the
// table of one beside the note of the other. The holder removes the file before it lets go; whoever then
// holds the removed file sees that the name no longer leads to it and locks the file now there instead.
std::string lockName(const std::string& target)
{
    const std::string name = baseNameOf(target);
    const std::string folder = target.substr(0, target.size() - name.size());
    if (1 + name.size() + 5 <= kMaxNameBytes)
        return folder + "." + name + ".lock";
    return folder + ".rr-" + nameHash(name) + ".lock";
}

// The descriptor holding the exclusive lock of `lock` (waits for the holder); IoError when it cannot be made.
int lockExclusively(const std::string& lock, const std::string& asked)
{
    for (;;) {
        const int fd = ::open(lock.c_str(), O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0)
            throw IoError("cannot write '" + asked + "': cannot create its lock file '" + lock +
                          "': " + errnoText(errno));
        int rc = 0;
        while ((rc = ::flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
        }
        if (rc != 0) {
            const int err = errno;
            ::close(fd);
            throw IoError("cannot write '" + asked + "': cannot lock '" + lock + "': " + errnoText(err));
        }
        struct stat held {}, named{};
        if (::fstat(fd, &held) == 0 && ::lstat(lock.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
            held.st_ino == named.st_ino)
            return fd;
        ::close(fd); // the previous holder removed it: lock the one there now
    }
}

// The locks of a set of targets, taken in the order of their names (two sets sharing files cannot wait for
// each other) and given up, their files removed, when it goes.
class TargetLocks {
public:
    TargetLocks(std::vector<std::pair<std::string, std::string>> targets) // (resolved target, asked name)
    {
        std::sort(targets.begin(), targets.end());
        targets.erase(std::unique(targets.begin(), targets.end(),
                                  [](const auto& a, const auto& b) { return a.first == b.first; }),
                      targets.end());
        try {
            for (const auto& [target, asked] : targets) {
                const std::string lock = lockName(target);
                m_held.emplace_back(lock, lockExclusively(lock, asked));
            }
        } catch (...) {
            release();
            throw;
        }
    }
    TargetLocks(const TargetLocks&) = delete;
    TargetLocks& operator=(const TargetLocks&) = delete;
    ~TargetLocks() { release(); }

    void release() noexcept
    {
        for (auto it = m_held.rbegin(); it != m_held.rend(); ++it) {
            ::unlink(it->first.c_str()); // still held: nobody else holds this file now
            ::close(it->second);
        }
        m_held.clear();
    }

private:
    std::vector<std::pair<std::string, int>> m_held;
};

// Declared after the CommitSection: the locks (and their files) go before a signal held back by the commit
// ends the process.
struct UnlockBeforeSignals {
    TargetLocks& locks;
    ~UnlockBeforeSignals() { locks.release(); }
};

// One file written to its temporary neighbour and synced, not yet renamed into place.
class PendingFile {
public:
    PendingFile(const std::string& path, const StreamWriter& write, unsigned modeMask = 07777)
        : m_target(resolveTarget(path)), m_asked(path)
    {
        if (!m_target.existed)
            m_target.mode &= static_cast<mode_t>(modeMask);
        removeStaleSideFiles(m_target.path, "tmp");
        m_temp = sideName(m_target.path, "tmp");
        m_slot = registerTemp(m_temp);
        const int fd = ::open(m_temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) {
            const int err = errno;
            unregisterTemp(m_slot);
            throw IoError("cannot write '" + m_asked + "': " + errnoText(err));
        }
        try {
            FdBuffer buffer(fd);
            std::ostream out(&buffer);
            write(out);
            out.flush();
            if (!out || buffer.error())
                throw IoError("cannot write '" + m_asked + "': " + errnoText(buffer.error() ? buffer.error() : EIO));
            if (::fchmod(fd, m_target.mode) != 0 || ::fsync(fd) != 0)
                throw IoError("cannot write '" + m_asked + "': " + errnoText(errno));
        } catch (...) {
            ::close(fd);
            discard();
            throw;
        }
        if (::close(fd) != 0) {
            const int err = errno;
            discard();
            throw IoError("cannot write '" + m_asked + "': " + errnoText(err));
        }
    }
    PendingFile(const PendingFile&) = delete;
    PendingFile& operator=(const PendingFile&) = delete;
    ~PendingFile() { discard(); }

    const Target& target() const { return m_target; }
    const std::string& asked() const { return m_asked; }

    // Whether the target is there now (under the lock: another write may have created or replaced it since
    // it was resolved), so that a failed set puts back what is there and removes only what it created.
    void recheckTarget()
    {
        struct stat st {};
        m_target.existed = ::stat(m_target.path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
    }

    // Renames the temporary file over the target; throws IoError (the temporary file is removed).
    void commit()
    {
        if (::rename(m_temp.c_str(), m_target.path.c_str()) != 0) {
            const int err = errno;
            discard();
            throw IoError("cannot write '" + m_asked + "': " + errnoText(err));
        }
        unregisterTemp(m_slot);
        m_slot = -1;
        m_temp.clear();
        syncFolder(folderOf(m_target.path));
        // The target now holds its new version: previous versions kept by a killed run are of no more use
        // (before the rename, one may have been the only copy of the file it replaced).
        removeStaleSideFiles(m_target.path, "bak");
    }

private:
    void discard()
    {
        if (!m_temp.empty()) {
            ::unlink(m_temp.c_str());
            m_temp.clear();
        }
        unregisterTemp(m_slot);
        m_slot = -1;
    }

    Target m_target;
    std::string m_asked;
    std::string m_temp;
    int m_slot = -1;
};

// Every file written and synced first: a failure here touches no target.
std::vector<std::unique_ptr<PendingFile>> writePending(const std::vector<FileWrite>& files)
{
    std::vector<std::unique_ptr<PendingFile>> pending;
    for (const auto& f : files) {
        for (const auto& p : pending)
            if (p->asked() == f.path)
                throw InputError("'" + f.path + "' is named twice in one set of files");
        pending.push_back(std::make_unique<PendingFile>(f.path, f.write, f.modeMask));
    }
    return pending;
}

// The previous versions of the existing targets: hard links beside them, or (where the kernel refuses the
// link) a name to rename them to just before their replacement.
struct PreviousVersions {
    std::vector<std::string> backups;
    std::vector<bool> setAside;

    void drop()
    {
        for (auto& b : backups)
            if (!b.empty())
                ::unlink(b.c_str());
    }
};

// Hard links keep the previous contents of existing targets until every rename has succeeded. Where the
// kernel refuses the link (fs.protected_hardlinks: another user's file, which a single write may still
// replace by rename), the previous file is renamed aside instead, just before its replacement.
PreviousVersions keepPreviousVersions(const std::vector<std::unique_ptr<PendingFile>>& pending)
{
    PreviousVersions v;
    v.backups.resize(pending.size());
    v.setAside.assign(pending.size(), false);
    for (std::size_t i = 0; i < pending.size(); ++i) {
        const Target& t = pending[i]->target();
        if (!t.existed)
            continue;
        const std::string backup = sideName(t.path, "bak");
        if (::link(t.path.c_str(), backup.c_str()) != 0) {
            const int err = errno;
            if (err == EPERM) {
                v.backups[i] = backup;
                v.setAside[i] = true;
                continue;
            }
            v.drop();
            throw IoError("cannot write '" + pending[i]->asked() +
                          "' (keeping its previous version failed): " + errnoText(err));
        }
        v.backups[i] = backup;
    }
    return v;
}

// After a failed replacement of pending[done]: what was there is put back, the previous file of the one being
// replaced (if set aside) and of those before it, a new file removed.
void restoreTargets(const std::vector<std::unique_ptr<PendingFile>>& pending, PreviousVersions& v, std::size_t done,
                    bool asideNow)
{
    if (asideNow) { // its replacement failed: the previous file goes back (kept aside if it cannot)
        ::rename(v.backups[done].c_str(), pending[done]->target().path.c_str());
        v.backups[done].clear();
    }
    for (std::size_t i = 0; i < done; ++i) { // put back what was there
        const Target& t = pending[i]->target();
        if (!v.backups[i].empty()) {
            ::rename(v.backups[i].c_str(), t.path.c_str());
            v.backups[i].clear();
        } else {
            ::unlink(t.path.c_str());
        }
    }
}

// Each target replaced in turn (a set-aside previous file renamed first); on a failure the set is put back as
// it was and the error goes on.
void replaceTargets(const std::vector<std::unique_ptr<PendingFile>>& pending, PreviousVersions& v)
{
    std::size_t done = 0;
    bool asideNow = false; // pending[done]'s previous file is set aside, not yet replaced
    try {
        for (; done < pending.size(); ++done) {
            if (v.setAside[done]) {
                if (::rename(pending[done]->target().path.c_str(), v.backups[done].c_str()) != 0) {
                    const int err = errno;
                    v.backups[done].clear();
                    throw IoError("cannot write '" + pending[done]->asked() +
                                  "' (keeping its previous version failed): " + errnoText(err));
                }
                asideNow = true;
            }
            pending[done]->commit();
            asideNow = false;
        }
    } catch (...) {
        restoreTargets(pending, v, done, asideNow);
        v.drop();
        throw;
    }
}

} // namespace

void writeFileAtomically(const std::string& path, const StreamWriter& write)
{
    PendingFile file(path, write);
    TargetLocks locks({{file.target().path, path}});
    const CommitSection commit; // a signal now waits for the rename
    const UnlockBeforeSignals unlock{locks};
    file.commit();
}

void writeBytesAtomically(const std::string& path, std::string_view bytes)
{
    writeFileAtomically(path, [bytes](std::ostream& out) { out.write(bytes.data(), std::streamsize(bytes.size())); });
}

void writeFilesAtomically(const std::vector<FileWrite>& files)
{
    const std::vector<std::unique_ptr<PendingFile>> pending = writePending(files);
    std::vector<std::pair<std::string, std::string>> targets;
    for (const auto& p : pending)
        targets.emplace_back(p->target().path, p->asked());
    TargetLocks locks(std::move(targets)); // another write of these files waits until all are renamed
    for (const auto& p : pending)
        p->recheckTarget();
    const CommitSection commit; // a signal now waits for the renames: the set is there whole or not at all
    const UnlockBeforeSignals unlock{locks};
    PreviousVersions previous = keepPreviousVersions(pending);
    replaceTargets(pending, previous);
    previous.drop();
}

void removeTemporaryFilesNow() noexcept
{
    for (auto& s : g_tempSlots)
        if (s.state.load() == kReady)
            ::unlink(s.path);
}

} // namespace rr

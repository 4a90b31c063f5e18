#pragma once
// What every reader of a named input file shares (issue 24, items 2, 3 and 8): a path that is not a regular
// file is refused before it is opened (a FIFO would block for ever, a device such as /dev/zero never ends),
// and text is read with limits that count the bytes actually read, never trusting st_size (0 for devices
// and /proc) and never reading a whole line before checking its length.
#include <cstddef>
#include <istream>
#include <string>

namespace rr {

// "a folder", "a FIFO", "a device", "a socket", or empty for a regular file, for the st_mode of stat(2).
std::string nonRegularKind(unsigned mode);

// Throws InputError when `path` (followed through links) exists but is not a regular file:
// "<what> 'x' is a folder, not a file" or "<what> 'x' is not a regular file (a FIFO)". `what` names the
// option or role ("--matrix", "the session"), or is empty. "-" (standard input) passes, and so does a
// path that does not exist or cannot be looked at: the reader's own open then says why.
void checkInputFile(const std::string& path, const std::string& what = "");

// Throws InputError when `path` or the folder it names is on a kernel pseudo file system (/proc, /sys): such a
// "regular file" (/proc/self/comm) can be neither replaced nor written beside, and /proc/self/fd/1 names a
// place in /proc whatever it leads to, so an output there is refused as bad input.
void checkNotKernelFile(const std::string& path);
// Throws InputError "name too long" when a part of `path` has more than 255 bytes (a file name's limit) or
// the whole more than 4095: bad input, before the system refuses it as an error of the write.
void checkNameLengths(const std::string& path);

// Whether `a` and `b` both exist and are the same file (device and inode, through links).
bool sameFile(const std::string& a, const std::string& b);

// Reads one line (without its '\n') into `line`, at most `maxBytes` bytes of it. Returns End at the
// end of the input with nothing read, Line for a line, TooLong as soon as the line passes `maxBytes`
// (then `line` holds the first `maxBytes` bytes and the rest of the line is left unread).
enum class LineRead { End, Line, TooLong };
LineRead readLineBounded(std::istream& in, std::string& line, std::size_t maxBytes);

// The whole of a regular file (checkInputFile first) of at most `maxBytes` bytes, counted as read:
// InputError "<what> 'x' is larger than the limit of N bytes" past it, "cannot open" when it cannot be
// opened, IoError when a read fails.
std::string readFileBounded(const std::string& path, std::size_t maxBytes, const std::string& what);

} // namespace rr

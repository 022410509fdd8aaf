// Answers many robots.txt questions with Google's own matcher, for tests/it/google_oracle.rs
// and the fuzz target google_oracle: robolint's `google` dialect must give the same answers.
//
// Standard input is a sequence of records, each a tag byte and 32-bit little-endian lengths:
//   'F' <n> <n bytes>                    the robots.txt every following question asks about
//   'Q' <n> <agent bytes> <m> <url bytes> a question
// Each question is answered on standard output by one line: `1 <line>` when the agent may
// fetch the URL, `0 <line>` when not, <line> being Google's matching_line().

#include <cstdint>
#include <cstdio>
#include <string>

#include "robots.h"

namespace {

bool ReadExactly(std::string* into, uint32_t length) {
  into->resize(length);
  return length == 0 || std::fread(&(*into)[0], 1, length, stdin) == length;
}

bool ReadLengthPrefixed(std::string* into) {
  unsigned char bytes[4];
  if (std::fread(bytes, 1, 4, stdin) != 4) return false;
  const uint32_t length = bytes[0] | bytes[1] << 8 | bytes[2] << 16 |
                          static_cast<uint32_t>(bytes[3]) << 24;
  return ReadExactly(into, length);
}

}  // namespace

int main() {
  std::string robots_txt, agent, url;
  int tag;
  while ((tag = std::getc(stdin)) != EOF) {
    if (tag == 'F') {
      if (!ReadLengthPrefixed(&robots_txt)) return 2;
    } else if (tag == 'Q') {
      if (!ReadLengthPrefixed(&agent) || !ReadLengthPrefixed(&url)) return 2;
      googlebot::RobotsMatcher matcher;
      const bool allowed = matcher.OneAgentAllowedByRobots(robots_txt, agent, url);
      std::printf("%d %d\n", allowed ? 1 : 0, matcher.matching_line());
    } else {
      return 2;
    }
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}

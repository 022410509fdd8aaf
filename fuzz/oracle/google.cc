// Google's matcher behind a C entry point, for the fuzz target `google` (see build.rs).

#include <cstddef>
#include <string>

#include "robots.h"

extern "C" int robolint_google_allowed(const char* robots_txt, size_t robots_txt_length,
                                       const char* agent, size_t agent_length,
                                       const char* url, size_t url_length) {
  googlebot::RobotsMatcher matcher;
  return matcher.OneAgentAllowedByRobots(
      absl::string_view(robots_txt, robots_txt_length),
      std::string(agent, agent_length), std::string(url, url_length));
}

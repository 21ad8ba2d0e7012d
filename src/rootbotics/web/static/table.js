/* rootbotics: clicking a clearing on the board adds its number to the Rootlog line being typed. */
document.addEventListener("click", function (event) {
  var pick = event.target.closest && event.target.closest(".pick");
  var line = document.getElementById("line");
  if (!pick || !line) return;
  line.value = line.value + pick.getAttribute("data-clearing");
  line.focus();
});
